-- An administrator who deletes a tagg a member holds tells that member in-app (decision 054): notices of kind
-- tagg_removed name the handle in their own column.
ALTER TABLE "member_notices" DROP CONSTRAINT "member_notices_kind_check";--> statement-breakpoint
ALTER TABLE "member_notices" DROP CONSTRAINT "member_notices_subject_check";--> statement-breakpoint
ALTER TABLE "member_notices" ADD COLUMN "tagg" text;--> statement-breakpoint
ALTER TABLE "member_notices" ADD CONSTRAINT "member_notices_kind_check" CHECK ("member_notices"."kind" in ('post_hidden', 'post_removed', 'post_restored', 'repeated_search', 'tagg_removed'));--> statement-breakpoint
ALTER TABLE "member_notices" ADD CONSTRAINT "member_notices_subject_check" CHECK (case when "member_notices"."kind" = 'repeated_search' then "member_notices"."visitor_id" is not null and "member_notices"."post_name" is null and "member_notices"."tagg" is null when "member_notices"."kind" = 'tagg_removed' then "member_notices"."tagg" is not null and "member_notices"."post_name" is null and "member_notices"."visitor_id" is null else "member_notices"."post_name" is not null and "member_notices"."visitor_id" is null and "member_notices"."tagg" is null end);
