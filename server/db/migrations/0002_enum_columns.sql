CREATE TYPE "public"."subscription_status" AS ENUM('inactive', 'incomplete', 'active', 'past_due', 'canceled');--> statement-breakpoint
CREATE TYPE "public"."theme" AS ENUM('blue', 'purple', 'green', 'orange', 'red', 'pink', 'yellow', 'cyan', 'indigo', 'teal', 'lime', 'amber', 'rose', 'violet', 'emerald', 'sky');--> statement-breakpoint
-- Hand-edited from drizzle-kit's output: the text defaults cannot be cast to the enums, so they are dropped and
-- set again around the type change, and a stored value outside the enum becomes the column default instead of
-- failing the migration (the app already read such a theme as unknown and such a status as not Premium).
ALTER TABLE "profiles" ALTER COLUMN "theme" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "profiles" ALTER COLUMN "theme" SET DATA TYPE "public"."theme" USING (CASE WHEN "theme" = ANY (enum_range(NULL::"public"."theme")::text[]) THEN "theme" ELSE 'blue' END)::"public"."theme";--> statement-breakpoint
ALTER TABLE "profiles" ALTER COLUMN "theme" SET DEFAULT 'blue'::"public"."theme";--> statement-breakpoint
ALTER TABLE "profiles" ALTER COLUMN "subscription_status" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "profiles" ALTER COLUMN "subscription_status" SET DATA TYPE "public"."subscription_status" USING (CASE WHEN "subscription_status" = ANY (enum_range(NULL::"public"."subscription_status")::text[]) THEN "subscription_status" ELSE 'inactive' END)::"public"."subscription_status";--> statement-breakpoint
ALTER TABLE "profiles" ALTER COLUMN "subscription_status" SET DEFAULT 'inactive'::"public"."subscription_status";
