-- Download my data (decision 048): when the member's latest export began; the next may begin an hour later.
ALTER TABLE "profiles" ADD COLUMN "data_export_started_at" timestamp with time zone;