-- Repeated-search alerts are notices about a named visitor (gone with them); their count has its own index.
ALTER TABLE "member_notices" DROP CONSTRAINT "member_notices_kind_check";--> statement-breakpoint
ALTER TABLE "member_notices" ALTER COLUMN "post_name" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "member_notices" ADD COLUMN "visitor_id" uuid;--> statement-breakpoint
ALTER TABLE "member_notices" ADD CONSTRAINT "member_notices_visitor_id_profiles_id_fk" FOREIGN KEY ("visitor_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "search_analytics_target_visitor_created_idx" ON "search_analytics" USING btree ("target_user_id","visitor_id","created_at" DESC NULLS FIRST) WHERE "search_analytics"."visitor_id" is not null;--> statement-breakpoint
CREATE INDEX "member_notices_visitor_idx" ON "member_notices" USING btree ("visitor_id") WHERE "member_notices"."visitor_id" is not null;--> statement-breakpoint
CREATE INDEX "repeated_search_alerts_visitor_idx" ON "repeated_search_alerts" USING btree ("visitor_id");--> statement-breakpoint
ALTER TABLE "member_notices" ADD CONSTRAINT "member_notices_subject_check" CHECK (case when "member_notices"."kind" = 'repeated_search' then "member_notices"."visitor_id" is not null and "member_notices"."post_name" is null else "member_notices"."post_name" is not null and "member_notices"."visitor_id" is null end);--> statement-breakpoint
ALTER TABLE "member_notices" ADD CONSTRAINT "member_notices_kind_check" CHECK ("member_notices"."kind" in ('post_hidden', 'post_removed', 'post_restored', 'repeated_search'));