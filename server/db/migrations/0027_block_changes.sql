-- Blocks and unblocks a member made today (a UTC day): at most 20 a day, counted before the change is made.
CREATE TABLE "block_changes" (
	"member_id" uuid PRIMARY KEY NOT NULL,
	"day" date NOT NULL,
	"changes" integer NOT NULL
);
--> statement-breakpoint
ALTER TABLE "block_changes" ADD CONSTRAINT "block_changes_member_id_profiles_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;