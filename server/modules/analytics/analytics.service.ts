import { createHash } from "node:crypto";
import { setTimeout as sleep } from "node:timers/promises";
import {
  ANALYTICS_MESSAGES,
  type AnalyticsEvent,
  type PostViewers,
  type QuietWeek,
  type ViewerProfile,
} from "#contract/api/analytics.ts";
import { POST_MESSAGES } from "#contract/api/posts.ts";
import { DUPLICATE_SEARCH_WINDOW_MS } from "#contract/limits.ts";
import type { Tx } from "#server/db/transaction.ts";
import { AppError } from "#server/lib/app-error.ts";
import type { Clock } from "#server/lib/clock.ts";
import type { EventBus } from "#server/lib/event-bus.ts";
import type { RecentKeys } from "#server/lib/recent-keys.ts";
import { toSocialLinks } from "#server/modules/profile/profile.mapper.ts";
import { toAnalyticsEvent } from "./analytics.mapper.ts";
import {
  type AnalyticsRepository,
  createAnalyticsRepository,
  type OwnerEventRow,
} from "./analytics.repository.ts";
import type { AnalyticsEtags } from "./analytics-etags.ts";
import type { Pseudonyms } from "./pseudonyms.ts";
import { settle, windowLadder } from "./release-windows.ts";
import type { ViewersRepository } from "./viewers.repository.ts";
import { createVisitRecorder, MINUTE_MS, type Visit } from "./visit-recording.ts";

type Deps = {
  analyticsRepo: AnalyticsRepository;
  viewersRepo: ViewersRepository;
  etags: AnalyticsEtags;
  events: EventBus;
  pseudonyms: Pseudonyms;
  recent: RecentKeys;
  clock: Clock;
  /**
   * Anonymous activity's bucket and the most its release waits after its window ends, in minutes, and the
   * fewest distinct visitors a window is shown with.
   */
  release: { minutes: number; jitterMinutes: number; minVisitors: number };
};

/** Named events keep the visitor's address and browser this long (abuse investigations), then forget them. */
export const CONNECTION_RETENTION_DAYS = 30;
/**
 * How many anonymous events one release moves per transaction, and the pause between two: a release of a busy
 * hour goes in short transactions with room for requests between them, not one burst of index writes.
 */
const RELEASE_BATCH = 200;
/** How many events one query of a data export reads. */
const EXPORT_PAGE_SIZE = 500;
const RELEASE_PAUSE_MS = 50;

/** The tag of exactly what the owner's list shows: any change to it changes the tag. */
const tagOf = (list: AnalyticsEvent[]) =>
  `W/"analytics-${createHash("sha256").update(JSON.stringify(list)).digest("base64url")}"`;

/** Who the visitor is for the repeat window (never stored): a member by id, a guest by connection. */
const repeatKeyOf = (visit: Pick<Visit, "visitor">) => {
  const { visitor } = visit;
  if (visitor.kind === "named") return `member:${visitor.id}`;
  const { who } = visitor;
  return "memberId" in who ? `member:${who.memberId}` : `guest:${who.address}:${who.userAgent}`;
};

export function createAnalyticsService(deps: Deps) {
  const { analyticsRepo, viewersRepo, etags, events, pseudonyms, recent, clock, release } = deps;
  /**
   * The longest an anonymous event waits between its window's start and its release (the widest window, with
   * the job's lag).
   */
  const longestWaitMs = (Math.max(...windowLadder(release.minutes)) + release.jitterMinutes + 2) * MINUTE_MS;
  const rules = {
    bucketMinutes: release.minutes,
    jitterMinutes: release.jitterMinutes,
    minVisitors: release.minVisitors,
  };
  const record = createVisitRecorder({ analyticsRepo, events, pseudonyms, release });
  const toEvent = (row: OwnerEventRow) => toAnalyticsEvent(row.event, row, release.minutes);
  const list = async (ownerId: string): Promise<AnalyticsEvent[]> =>
    (await analyticsRepo.listForOwner(ownerId)).map(toEvent);

  return {
    /**
     * Whether this visitor made the same search or view less than 5 seconds ago (then it is not recorded
     * again). Remembered for those seconds only, outside the database, under a keyed digest.
     */
    async isRepeat(visit: Pick<Visit, "visitor" | "action" | "searchTerm">) {
      const key = await pseudonyms.digest(`${repeatKeyOf(visit)}\n${visit.action}\n${visit.searchTerm}`);
      return !(await recent.claim(key, DUPLICATE_SEARCH_WINDOW_MS));
    },

    /** Records one event per target owner; answers how many. */
    recordVisit: (visit: Visit) => record(visit, clock.now()),

    /**
     * Settles the anonymous activity whose release time has come, window by window: a window with enough
     * distinct visitors is listed and pushed to its owner's live streams in one batch (their polls see it
     * through the database's change notifications); one with too few waits for a wider window, or ends as a
     * quiet window. Answers how many events were released.
     */
    async releaseAnonymous() {
      let released = 0;
      for (;;) {
        const due = await analyticsRepo.dueWindows(clock.now(), RELEASE_BATCH);
        for (const { ownerId, window } of due) {
          const rows = await analyticsRepo.settleWindow(ownerId, window, clock.now(), (distinct) =>
            settle(window, distinct, rules),
          );
          for (const row of rows) events.publish(ownerId, { type: "analytics", data: toEvent(row) });
          released += rows.length;
        }
        if (due.length < RELEASE_BATCH) return { released };
        await sleep(RELEASE_PAUSE_MS);
      }
    },

    /** The owner's weeks that held too few anonymous visitors to show, as lines alone. */
    async quietWeeks(ownerId: string): Promise<QuietWeek[]> {
      return (await analyticsRepo.listQuietWindows(ownerId)).map((row) => ({
        id: row.id,
        windowStart: row.windowStart.toISOString(),
        windowMinutes: row.windowMinutes,
        fewerThan: row.fewerThan,
      }));
    },

    /** The anonymous activity waiting for its release, all owners together: a count and the earliest release time. */
    heldAnonymousActivity: () => analyticsRepo.heldSummary(),

    /** Named events forget their visitor's address and browser after 30 days. */
    async forgetOldConnections() {
      const before = new Date(clock.now().getTime() - CONNECTION_RETENTION_DAYS * 86_400_000);
      return { forgotten: await analyticsRepo.forgetConnectionsBefore(before) };
    },

    /**
     * The owner's list and its tag, or only the tag when it is `ifNoneMatch` (a 304): a known, current tag is
     * answered from memory, without a query.
     */
    async poll(
      ownerId: string,
      ifNoneMatch: string | undefined,
    ): Promise<{ etag: string; list?: AnalyticsEvent[] }> {
      const known = etags.get(ownerId);
      if (known !== undefined && known === ifNoneMatch) return { etag: known };
      const current = await etags.read(ownerId, async () => {
        const events = await list(ownerId);
        return { etag: tagOf(events), list: events };
      });
      return current.etag === ifNoneMatch ? { etag: current.etag } : current;
    },

    list,

    /**
     * Every event of the owner's, each as their list shows it (the list itself stops at the 500 newest), newest
     * first, a page at a time: what their data export carries.
     */
    async *allForOwner(ownerId: string): AsyncGenerator<AnalyticsEvent[]> {
      let after: { createdAt: Date; id: string } | undefined;
      for (;;) {
        const rows = await analyticsRepo.listForOwnerPage(ownerId, after, EXPORT_PAGE_SIZE);
        if (rows.length > 0) yield rows.map(toEvent);
        const last = rows.at(-1);
        if (!last || rows.length < EXPORT_PAGE_SIZE) return;
        after = { createdAt: last.event.createdAt, id: last.event.id };
      }
    },

    /** The owner's events listed at or after `since`: what a resuming live stream missed. */
    async listSince(ownerId: string, since: Date, limit: number): Promise<AnalyticsEvent[]> {
      const happenedSince = new Date(since.getTime() - longestWaitMs);
      return (await analyticsRepo.listForOwnerSince(ownerId, since, happenedSince, limit)).map(toEvent);
    },

    /**
     * Forgets a member as a visitor: their named events leave every owner's analytics. Their anonymous events
     * were never linked to them, so they stay as the owners see them (removing them together would tell the
     * owners which anonymous rows were this member's). Answers how many events went. On the caller's
     * transaction when given one.
     */
    forgetVisitor: (visitorId: string, tx?: Tx) =>
      (tx ? createAnalyticsRepository(tx) : analyticsRepo).deleteNamedBy(visitorId),

    /**
     * How many searches and views of the owner's posts this visitor made by name at or after `since`, as the
     * owner's list shows them, counted up to `cap`. Anonymous activity is never linked to a visitor, so it is
     * never among them.
     */
    namedVisitsSince: (ownerId: string, visitorId: string, since: Date, cap: number) =>
      analyticsRepo.countNamedSince(ownerId, visitorId, since, cap),

    async delete(ownerId: string, ids: string[]) {
      return { deleted: await analyticsRepo.deleteForOwner(ownerId, [...new Set(ids)]) };
    },

    /**
     * Viewers of one of my posts. Another member's post is refused, and one the caller may not see (hidden,
     * held for review, or its owner blocked them) is not found, as a missing one: the answer must not say it
     * exists.
     */
    async viewers(ownerId: string, postId: string): Promise<PostViewers> {
      const post = await viewersRepo.findPost(postId, ownerId);
      if (!post || (post.userId !== ownerId && !post.seen)) {
        throw new AppError("not_found", POST_MESSAGES.notFound);
      }
      if (post.userId !== ownerId) throw new AppError("forbidden", ANALYTICS_MESSAGES.accessDenied);
      const rows = await viewersRepo.viewersOf(postId);
      return {
        postName: post.postName,
        totalUnique: rows.length,
        viewers: rows.map((row) => {
          const lastViewed = new Date(row.lastViewed).toISOString();
          if (!row.visitorId || !row.firstName) {
            return { firstName: "Anonymous User", viewCount: row.viewCount, lastViewed };
          }
          return {
            id: row.visitorId,
            firstName: row.firstName,
            lastName: row.lastName ?? "",
            tagg: row.tagg,
            profilePictureUrl: row.profilePictureUrl,
            viewCount: row.viewCount,
            lastViewed,
          };
        }),
      };
    },

    /** A viewer's public profile, only for someone who openly viewed or searched one of my posts. */
    async viewerProfile(ownerId: string, viewerId: string): Promise<ViewerProfile> {
      const saw = viewerId !== ownerId && (await viewersRepo.sawOpenly(ownerId, viewerId));
      const viewer = saw ? await viewersRepo.findViewer(viewerId) : undefined;
      if (!viewer) throw new AppError("not_found", ANALYTICS_MESSAGES.viewerNotFound);
      return {
        firstName: viewer.firstName,
        lastName: viewer.lastName,
        tagg: viewer.tagg,
        profile: {
          bio: viewer.bio,
          profilePictureUrl: viewer.profilePictureUrl,
          socialLinks: toSocialLinks(viewer.socialLinks),
        },
      };
    },

    async uniqueViewers(ownerId: string) {
      return { totalUnique: await viewersRepo.uniqueViewers(ownerId) };
    },

    /** What the hide threshold counts: signed-in viewers of the member's best post. */
    memberViewersOfBestPost: (ownerId: string) => viewersRepo.mostMemberViewersOnAPost(ownerId),

    async highestViewed(ownerId: string) {
      return (await viewersRepo.highestViewed(ownerId)) ?? null;
    },
  };
}

export type AnalyticsService = ReturnType<typeof createAnalyticsService>;
