import { Readable } from "node:stream";
import {
  DATA_EXPORT_INTERVAL_MS,
  DATA_EXPORT_MESSAGES,
  dataExportFileName,
} from "#contract/api/data-export.ts";
import type { ProfileRow } from "#server/db/schema/index.ts";
import { TryLaterError } from "#server/lib/app-error.ts";
import type { Clock } from "#server/lib/clock.ts";
import { jsonArrayStream, onePage } from "#server/lib/json-array-stream.ts";
import { createZipWriter, type ZipWriter } from "#server/lib/zip-writer.ts";
import type { SignInAlertsService } from "#server/modules/account-alerts/sign-in-alerts.service.ts";
import type { AffiliateService } from "#server/modules/affiliate/affiliate.service.ts";
import type { AnalyticsService } from "#server/modules/analytics/analytics.service.ts";
import type { SessionsService } from "#server/modules/auth/sessions.service.ts";
import type { BlocksService } from "#server/modules/blocks/blocks.service.ts";
import type { ModerationService } from "#server/modules/moderation/moderation.service.ts";
import type { SubscriptionsService } from "#server/modules/payments/subscriptions.service.ts";
import type { PostsService } from "#server/modules/posts/posts.service.ts";
import type { ProfileService } from "#server/modules/profile/profile.service.ts";
import type { SearchService } from "#server/modules/search/search.service.ts";
import type { PasskeysService } from "#server/modules/second-factor/passkeys.service.ts";
import type { UploadsService } from "#server/modules/uploads/uploads.service.ts";
import { type ExportFileName, readmeText } from "./data-export-readme.ts";

/** Too soon after the member's last export: `retryAfterSeconds` is how long until the next may begin. */
export class ExportTooSoonError extends TryLaterError {
  constructor(retryAfterSeconds: number) {
    super(DATA_EXPORT_MESSAGES.tooSoon, retryAfterSeconds);
  }
}

/** How an export ended once its archive was read to the end, or its reader went away before. */
export type ExportOutcome = "complete" | "abandoned";

export type DataExport = {
  fileName: string;
  /** The zip, made as it is read. */
  archive: Readable;
  /**
   * Settles when the export is over: "complete", "abandoned" (the reader left early: the hour stays spent), or
   * rejects with the failure on our side that ended the archive unfinished (the hour was given back).
   */
  outcome: Promise<ExportOutcome>;
};

type Deps = {
  profiles: Pick<
    ProfileService,
    "toProfile" | "socialLinks" | "startDataExport" | "dataExportStartedAt" | "forgetDataExport"
  >;
  passkeys: Pick<PasskeysService, "list">;
  posts: Pick<PostsService, "listOwn">;
  uploads: Pick<UploadsService, "originalsOf">;
  search: Pick<SearchService, "wholeHistory">;
  analytics: Pick<AnalyticsService, "allForOwner">;
  subscriptions: Pick<SubscriptionsService, "allInvoices">;
  affiliate: Pick<AffiliateService, "dashboard">;
  blocks: Pick<BlocksService, "list">;
  moderation: Pick<ModerationService, "listOwn">;
  sessions: Pick<SessionsService, "listForUser">;
  signInPlaces: Pick<SignInAlertsService, "placesOf">;
  clock: Clock;
};

/** One JSON document whose value is gathered only when the archive reaches its file. */
const lazyJson = (value: () => Promise<unknown>) =>
  Readable.from(
    (async function* () {
      yield Buffer.from(`${JSON.stringify(await value(), null, 2)}\n`);
    })(),
    { objectMode: false },
  );

/**
 * "Download my data" (decision 048): a zip of everything stored about the member, each part gathered through
 * the service of the module that owns it, in the shapes the API answers. The archive is streamed: each JSON
 * file is written as its rows are read, then each original image is read from storage one at a time, at the
 * pace the member's download takes them. One export may begin an hour; an export that fails on our side gives
 * the hour back, one whose reader went away does not (otherwise the hour would bind only those who wait).
 */
export function createDataExportService(deps: Deps) {
  const { profiles, clock } = deps;

  /** Seconds until the member may begin another export: 0 when they may now. */
  async function secondsToWait(userId: string, now: Date) {
    const startedAt = await profiles.dataExportStartedAt(userId);
    if (!startedAt) return 0;
    const waitMs = startedAt.getTime() + DATA_EXPORT_INTERVAL_MS - now.getTime();
    return waitMs > 0 ? Math.ceil(waitMs / 1000) : 0;
  }

  /** The JSON files, each from its owner's service, in the order EXPORT_FILES lists them. */
  function jsonFiles(user: ProfileRow, sessionId: string): [ExportFileName, () => Readable][] {
    return [
      [
        "profile.json",
        () =>
          lazyJson(async () => ({
            profile: profiles.toProfile(user),
            socialLinks: profiles.socialLinks(user),
            passkeys: await deps.passkeys.list(user.id),
          })),
      ],
      ["posts.json", () => jsonArrayStream(onePage(() => deps.posts.listOwn(user.id)))],
      ["search-history.json", () => jsonArrayStream(deps.search.wholeHistory(user))],
      ["analytics.json", () => jsonArrayStream(deps.analytics.allForOwner(user.id))],
      ["invoices.json", () => jsonArrayStream(onePage(() => deps.subscriptions.allInvoices(user)))],
      ["affiliate.json", () => lazyJson(() => deps.affiliate.dashboard(user.id))],
      ["blocks.json", () => jsonArrayStream(onePage(() => deps.blocks.list(user)))],
      ["moderation-decisions.json", () => jsonArrayStream(onePage(() => deps.moderation.listOwn(user.id)))],
      ["sessions.json", () => jsonArrayStream(onePage(() => deps.sessions.listForUser(user.id, sessionId)))],
      ["sign-in-places.json", () => jsonArrayStream(onePage(() => deps.signInPlaces.placesOf(user.id)))],
    ];
  }

  /** Writes the whole archive; each entry is read to its end before the next is gathered or opened. */
  async function write(zip: ZipWriter, user: ProfileRow, sessionId: string, madeAt: Date) {
    for (const [name, open] of jsonFiles(user, sessionId)) {
      await zip.addStream(name, open(), { mtime: madeAt, compress: true });
    }
    const originals = await deps.uploads.originalsOf(user.id);
    const missing: string[] = [];
    for (const original of originals) {
      const file = await original.open();
      if (!file) {
        missing.push(original.name);
        continue;
      }
      await zip.addStream(`images/${original.name}`, file.stream(), {
        mtime: file.lastModified,
        compress: false,
        size: file.size,
      });
    }
    const readme = readmeText({ madeAt, images: originals.length - missing.length, missing });
    zip.addBuffer("README.txt", Buffer.from(readme), madeAt);
    await zip.end();
  }

  return {
    /**
     * What an export begun now would be, without beginning one (a client asks before it starts): its file
     * name, and the seconds until one may begin (0: now).
     */
    async ask(user: ProfileRow) {
      const now = clock.now();
      return { fileName: dataExportFileName(now), retryAfterSeconds: await secondsToWait(user.id, now) };
    },

    /**
     * Begins the member's export when their last began an hour ago or more (else `ExportTooSoonError`) and
     * answers the archive as it is being made.
     */
    async start(user: ProfileRow, sessionId: string): Promise<DataExport> {
      const now = clock.now();
      const since = new Date(now.getTime() - DATA_EXPORT_INTERVAL_MS);
      if (!(await profiles.startDataExport(user.id, now, since))) {
        throw new ExportTooSoonError(Math.max(1, await secondsToWait(user.id, now)));
      }
      const zip = createZipWriter();
      const outcome = write(zip, user, sessionId, now).then(
        (): ExportOutcome => "complete",
        async (err: unknown): Promise<ExportOutcome> => {
          if (zip.abandoned) return "abandoned";
          const failure = err instanceof Error ? err : new Error(String(err));
          zip.abort(failure);
          try {
            await profiles.forgetDataExport(user.id, now);
          } catch (forgetting) {
            throw new AggregateError([failure, forgetting], "The export failed; its hour was not given back");
          }
          throw failure;
        },
      );
      return { fileName: dataExportFileName(now), archive: zip.output, outcome };
    },
  };
}

export type DataExportService = ReturnType<typeof createDataExportService>;
