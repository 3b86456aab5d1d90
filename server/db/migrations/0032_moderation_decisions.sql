CREATE TABLE "moderation_appeals" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"decision_id" uuid NOT NULL,
	"text" varchar(1000) NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"decided_at" timestamp with time zone,
	"decided_by" uuid,
	"outcome_text" varchar(1000),
	CONSTRAINT "moderation_appeals_decision_unique" UNIQUE("decision_id"),
	CONSTRAINT "moderation_appeals_status_check" CHECK ("moderation_appeals"."status" in ('open', 'upheld', 'reversed')),
	CONSTRAINT "moderation_appeals_outcome_check" CHECK (("moderation_appeals"."status" = 'open') = ("moderation_appeals"."decided_at" is null and "moderation_appeals"."outcome_text" is null))
);
--> statement-breakpoint
CREATE TABLE "moderation_decisions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"post_id" uuid,
	"post_name" text,
	"tagg" text,
	"reason_id" uuid,
	"reason_label" text NOT NULL,
	"reason_rule" text,
	"reason_text" text,
	"automatic" boolean NOT NULL,
	"decided_by" uuid,
	"decided_at" timestamp with time zone NOT NULL,
	"appealable_until" timestamp with time zone NOT NULL,
	"lifted_at" timestamp with time zone,
	"removed_tagg" jsonb,
	CONSTRAINT "moderation_decisions_kind_check" CHECK ("moderation_decisions"."kind" in ('post_hidden', 'post_removed', 'tagg_removed', 'profile_hidden')),
	CONSTRAINT "moderation_decisions_subject_check" CHECK (case when "moderation_decisions"."kind" in ('post_hidden', 'post_removed') then "moderation_decisions"."post_name" is not null else "moderation_decisions"."tagg" is not null end),
	CONSTRAINT "moderation_decisions_decider_check" CHECK (not ("moderation_decisions"."automatic" and "moderation_decisions"."decided_by" is not null))
);
--> statement-breakpoint
CREATE TABLE "moderation_monthly" (
	"month" text PRIMARY KEY NOT NULL,
	"reports_received" integer DEFAULT 0 NOT NULL,
	"reports_counted" integer DEFAULT 0 NOT NULL,
	"hidden_automatically" integer DEFAULT 0 NOT NULL,
	"hidden_by_admin" integer DEFAULT 0 NOT NULL,
	"removed" integer DEFAULT 0 NOT NULL,
	"appeals" integer DEFAULT 0 NOT NULL,
	"reversed" integer DEFAULT 0 NOT NULL,
	"review_hours" real[] DEFAULT '{}'::real[] NOT NULL
);
--> statement-breakpoint
CREATE TABLE "moderation_reasons" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"label" varchar(80) NOT NULL,
	"rule" varchar(300) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "member_notices" DROP CONSTRAINT "member_notices_kind_check";--> statement-breakpoint
ALTER TABLE "member_notices" DROP CONSTRAINT "member_notices_subject_check";--> statement-breakpoint
ALTER TABLE "member_notices" ADD COLUMN "decision_id" uuid;--> statement-breakpoint
ALTER TABLE "tagged_posts" ADD COLUMN "removed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "moderation_appeals" ADD CONSTRAINT "moderation_appeals_decision_id_moderation_decisions_id_fk" FOREIGN KEY ("decision_id") REFERENCES "public"."moderation_decisions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "moderation_appeals" ADD CONSTRAINT "moderation_appeals_decided_by_profiles_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."profiles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "moderation_decisions" ADD CONSTRAINT "moderation_decisions_user_id_profiles_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "moderation_decisions" ADD CONSTRAINT "moderation_decisions_post_id_tagged_posts_id_fk" FOREIGN KEY ("post_id") REFERENCES "public"."tagged_posts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "moderation_decisions" ADD CONSTRAINT "moderation_decisions_reason_id_moderation_reasons_id_fk" FOREIGN KEY ("reason_id") REFERENCES "public"."moderation_reasons"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "moderation_decisions" ADD CONSTRAINT "moderation_decisions_decided_by_profiles_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."profiles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "moderation_appeals_status_created_idx" ON "moderation_appeals" USING btree ("status","created_at","id");--> statement-breakpoint
CREATE INDEX "moderation_decisions_user_idx" ON "moderation_decisions" USING btree ("user_id","decided_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "moderation_decisions_post_idx" ON "moderation_decisions" USING btree ("post_id") WHERE "moderation_decisions"."post_id" is not null;--> statement-breakpoint
CREATE INDEX "moderation_decisions_removal_due_idx" ON "moderation_decisions" USING btree ("appealable_until") WHERE "moderation_decisions"."kind" = 'post_removed' and "moderation_decisions"."lifted_at" is null and "moderation_decisions"."post_id" is not null;--> statement-breakpoint
ALTER TABLE "member_notices" ADD CONSTRAINT "member_notices_decision_id_moderation_decisions_id_fk" FOREIGN KEY ("decision_id") REFERENCES "public"."moderation_decisions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "member_notices_decision_idx" ON "member_notices" USING btree ("decision_id") WHERE "member_notices"."decision_id" is not null;--> statement-breakpoint
ALTER TABLE "member_notices" ADD CONSTRAINT "member_notices_decision_check" CHECK (("member_notices"."kind" in ('decision', 'appeal_decided')) = ("member_notices"."decision_id" is not null));--> statement-breakpoint
ALTER TABLE "member_notices" ADD CONSTRAINT "member_notices_kind_check" CHECK ("member_notices"."kind" in ('post_hidden', 'post_removed', 'post_restored', 'repeated_search', 'tagg_removed', 'report_outcome', 'decision', 'appeal_decided'));--> statement-breakpoint
ALTER TABLE "member_notices" ADD CONSTRAINT "member_notices_subject_check" CHECK (case when "member_notices"."kind" = 'repeated_search' then "member_notices"."visitor_id" is not null and "member_notices"."post_name" is null and "member_notices"."tagg" is null when "member_notices"."kind" = 'tagg_removed' then "member_notices"."tagg" is not null and "member_notices"."post_name" is null and "member_notices"."visitor_id" is null when "member_notices"."kind" in ('decision', 'appeal_decided') then "member_notices"."post_name" is null and "member_notices"."visitor_id" is null and "member_notices"."tagg" is null else "member_notices"."post_name" is not null and "member_notices"."visitor_id" is null and "member_notices"."tagg" is null end);
