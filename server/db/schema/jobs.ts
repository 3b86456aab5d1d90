import { pgTable, text, timestamp } from "drizzle-orm/pg-core";

/**
 * When each scheduled job last started, on any instance: a job runs only when its period has passed since
 * then, so several instances run it once per period (server/jobs/once-per-period.ts, decision 034).
 */
export const scheduledJobRuns = pgTable("scheduled_job_runs", {
  name: text().primaryKey(),
  startedAt: timestamp({ withTimezone: true }).notNull(),
});
