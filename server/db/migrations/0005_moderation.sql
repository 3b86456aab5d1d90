CREATE TABLE "member_notices" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"post_name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "member_notices_kind_check" CHECK ("member_notices"."kind" in ('post_hidden', 'post_removed'))
);
--> statement-breakpoint
ALTER TABLE "post_report_settings" ADD COLUMN "auto_action" text DEFAULT 'hide' NOT NULL;--> statement-breakpoint
ALTER TABLE "post_reports" ADD COLUMN "reason" text;--> statement-breakpoint
ALTER TABLE "tagged_posts" ADD COLUMN "held_for_review" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "member_notices" ADD CONSTRAINT "member_notices_user_id_profiles_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "member_notices_user_created_idx" ON "member_notices" USING btree ("user_id","created_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "post_reports_post_created_idx" ON "post_reports" USING btree ("post_id","created_at");--> statement-breakpoint
ALTER TABLE "post_report_settings" ADD CONSTRAINT "post_report_settings_auto_action_check" CHECK ("post_report_settings"."auto_action" in ('hide', 'delete'));