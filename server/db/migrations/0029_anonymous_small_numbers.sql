-- Small numbers: held anonymous activity carries the length of its window (the release bucket, then a day or a
-- week once a window held too few visitors), released rows keep it, and a week that still held too few becomes a
-- quiet window. Rows held before this were all in the release bucket, 60 minutes by default.
CREATE TABLE "anonymous_quiet_windows" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"target_user_id" uuid NOT NULL,
	"window_start" timestamp with time zone NOT NULL,
	"window_minutes" integer NOT NULL,
	"fewer_than" integer NOT NULL,
	"listed_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "anonymous_activity_pending" ADD COLUMN "window_minutes" integer NOT NULL DEFAULT 60;--> statement-breakpoint
ALTER TABLE "anonymous_activity_pending" ALTER COLUMN "window_minutes" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "search_analytics" ADD COLUMN "window_minutes" integer;--> statement-breakpoint
ALTER TABLE "anonymous_quiet_windows" ADD CONSTRAINT "anonymous_quiet_windows_target_user_id_profiles_id_fk" FOREIGN KEY ("target_user_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "anonymous_quiet_windows_target_idx" ON "anonymous_quiet_windows" USING btree ("target_user_id","window_start" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "anonymous_activity_pending_window_idx" ON "anonymous_activity_pending" USING btree ("target_user_id","bucket_start");