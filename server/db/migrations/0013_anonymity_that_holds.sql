-- Anonymity that holds (decision 037). Anonymous activity waits unseen until its release; pseudonym keys rotate
-- and are destroyed; a member's last activity is kept as a day; an administrator's e-mail edit waits for the
-- member's word.
CREATE TABLE "anonymity_keys" (
	"epoch" integer PRIMARY KEY NOT NULL,
	"sealed_key" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "anonymous_activity_pending" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"target_user_id" uuid NOT NULL,
	"post_id" uuid,
	"post_name" text,
	"pseudonym" text NOT NULL,
	"guest" boolean NOT NULL,
	"action" text NOT NULL,
	"search_term" text,
	"bucket_start" timestamp with time zone NOT NULL,
	"release_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "anonymous_activity_pending" ADD CONSTRAINT "anonymous_activity_pending_target_user_id_profiles_id_fk" FOREIGN KEY ("target_user_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "anonymous_activity_pending" ADD CONSTRAINT "anonymous_activity_pending_post_id_tagged_posts_id_fk" FOREIGN KEY ("post_id") REFERENCES "public"."tagged_posts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "anonymous_activity_pending_release_idx" ON "anonymous_activity_pending" USING btree ("release_at");--> statement-breakpoint
DROP INDEX "search_analytics_post_visitor_idx";--> statement-breakpoint
DROP INDEX "search_analytics_visitor_hash_created_idx";--> statement-breakpoint
ALTER TABLE "search_analytics" ALTER COLUMN "visitor_hash" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "search_analytics" ADD COLUMN "pseudonym" text;--> statement-breakpoint
ALTER TABLE "search_analytics" ADD COLUMN "guest" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "search_analytics" ADD COLUMN "owner_hidden" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "search_analytics" ADD COLUMN "listed_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
-- Existing anonymous rows: one fresh random pseudonym per owner and former visitor (each owner's unique counts
-- stay as they were, and nothing ties them to the member's hash any more), their time rounded down to the hour
-- (the default release bucket), and no address or browser.
WITH f AS MATERIALIZED (
  SELECT g."target_user_id", g."visitor_hash", encode(sha256(gen_random_uuid()::text::bytea), 'hex') AS "pseudonym"
  FROM (SELECT DISTINCT "target_user_id", "visitor_hash" FROM "search_analytics" WHERE "visitor_id" IS NULL) AS g
)
UPDATE "search_analytics" AS s
SET "pseudonym" = f."pseudonym", "guest" = s."visitor_hash" LIKE 'guest:%'
FROM f
WHERE s."visitor_id" IS NULL AND s."target_user_id" = f."target_user_id" AND s."visitor_hash" = f."visitor_hash";--> statement-breakpoint
UPDATE "search_analytics"
SET "created_at" = date_trunc('hour', "created_at", 'UTC'), "listed_at" = date_trunc('hour', "created_at", 'UTC'),
  "ip_address" = NULL, "user_agent" = NULL, "visitor_hash" = NULL
WHERE "visitor_id" IS NULL;--> statement-breakpoint
-- Named rows: no hash (their member id says who), listed when they happened, and the post's current owner-hiding
-- as the best record of what it was.
UPDATE "search_analytics" SET "visitor_hash" = NULL, "listed_at" = "created_at" WHERE "visitor_id" IS NOT NULL;--> statement-breakpoint
UPDATE "search_analytics" AS s SET "owner_hidden" = p."hide_personal_info"
FROM "tagged_posts" AS p WHERE p."id" = s."post_id" AND s."visitor_id" IS NOT NULL AND p."hide_personal_info";--> statement-breakpoint
ALTER TABLE "search_analytics" ADD CONSTRAINT "search_analytics_named_or_pseudonym" CHECK (("search_analytics"."visitor_id" is null) = ("search_analytics"."pseudonym" is not null));--> statement-breakpoint
CREATE INDEX "search_analytics_post_idx" ON "search_analytics" USING btree ("post_id");--> statement-breakpoint
CREATE INDEX "search_analytics_connection_created_idx" ON "search_analytics" USING btree ("created_at") WHERE "search_analytics"."ip_address" is not null or "search_analytics"."user_agent" is not null;--> statement-breakpoint
-- A member's last activity becomes a day; a session's sliding expiry ends with a day, so it times nothing finer.
ALTER TABLE "profiles" ALTER COLUMN "last_active" SET DATA TYPE date USING ("last_active" AT TIME ZONE 'UTC')::date;--> statement-breakpoint
UPDATE "sessions" SET "expires_at" = date_trunc('day', "expires_at", 'UTC') + interval '1 day'
WHERE "expires_at" <> date_trunc('day', "expires_at", 'UTC');--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "pending_email" text;
