-- Reports that can't be brigaded (decision 049): whether a report counts toward the automatic action is decided
-- when it is made and kept on the report.
ALTER TABLE "post_reports" ADD COLUMN "counted" boolean DEFAULT false NOT NULL;--> statement-breakpoint
-- Existing reports, by the same rule at the time each was made with the default minimum age: the reporter's
-- account created at least 24 hours before the report, and their address verified. When an address was verified
-- is not recorded, so whether it is verified now stands for it.
UPDATE "post_reports" AS r SET "counted" = true
FROM "profiles" AS p
WHERE p."id" = r."reporter_id"
  AND p."email_verified"
  AND p."created_at" <= r."created_at" - interval '24 hours';
