import type { Clock } from "#server/lib/clock.ts";
import type { SessionsService } from "#server/modules/auth/sessions.service.ts";
import type { UploadsService } from "#server/modules/uploads/uploads.service.ts";
import type { Job } from "./scheduler.ts";

const HOUR = 60 * 60 * 1000;

/** The scheduled clean-ups of the app. */
export function appJobs({
  sessions,
  uploadsService,
  clock,
}: {
  sessions: SessionsService;
  uploadsService: UploadsService;
  clock: Clock;
}): Job[] {
  return [
    { name: "delete-expired-sessions", everyMs: HOUR, run: () => sessions.deleteExpired() },
    { name: "delete-unused-uploads", everyMs: HOUR, run: () => uploadsService.deleteUnused(clock.now()) },
  ];
}
