CREATE TABLE "billing_invoices" (
	"id" text PRIMARY KEY NOT NULL,
	"member_id" uuid NOT NULL,
	"provider" text NOT NULL,
	"subscription_id" text NOT NULL,
	"status" text NOT NULL,
	"amount_minor" integer NOT NULL,
	"currency" char(3) NOT NULL,
	"url" text,
	"issued_at" timestamp with time zone NOT NULL,
	"paid_at" timestamp with time zone,
	"period_start" timestamp with time zone,
	"period_end" timestamp with time zone,
	"card_brand" text,
	"card_last4" text
);
--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "subscription_lapses_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "card_brand" text;--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "card_last4" text;--> statement-breakpoint
ALTER TABLE "billing_invoices" ADD CONSTRAINT "billing_invoices_member_id_profiles_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "billing_invoices_member_issued_idx" ON "billing_invoices" USING btree ("member_id","issued_at");