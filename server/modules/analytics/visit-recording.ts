import type { AnalyticsAction, TaggedPostRow } from "#server/db/schema/index.ts";
import type { EventBus } from "#server/lib/event-bus.ts";
import { toAnalyticsEvent } from "./analytics.mapper.ts";
import type { AnalyticsRepository } from "./analytics.repository.ts";
import type { AnonymousVisitor, Pseudonyms } from "./pseudonyms.ts";
import { releaseTimeOf, windowStartOf } from "./release-windows.ts";

/** The fields of a visited post that its owner's live event shows, and whether it hid its owner then. */
type VisitedPost = Pick<
  TaggedPostRow,
  "id" | "postName" | "originalImage" | "scrambledImage" | "scrambleImage" | "hidePersonalInfo"
>;

/** A visitor recorded by name: the owner sees who they are, at once. */
export type NamedVisitor = {
  kind: "named";
  id: string;
  name: string;
  tagg: string | null;
  picture: string | null;
};
/** A visitor recorded anonymously (hide, pause, signed out, or sent from another site). */
export type AnonymousVisit = { kind: "anonymous"; who: AnonymousVisitor };

/** A search or view to record for the owners of what it found. */
export type Visit = {
  visitor: NamedVisitor | AnonymousVisit;
  action: AnalyticsAction;
  searchTerm: string;
  connection: { ipAddress: string; userAgent?: string };
  targets: { ownerId: string; post: VisitedPost | null }[];
};

export const MINUTE_MS = 60_000;

type Deps = {
  analyticsRepo: Pick<AnalyticsRepository, "insertNamed" | "insertPending">;
  events: EventBus;
  pseudonyms: Pick<Pseudonyms, "of">;
  /** Anonymous activity's bucket and the most it waits after the bucket ends, in minutes. */
  release: { minutes: number; jitterMinutes: number };
};

/**
 * Records a visit, one event per owner of what it found: a named visit is listed and pushed to each owner's live
 * stream at once; an anonymous one is held unseen until its release. Answers how many events were recorded.
 */
export function createVisitRecorder({ analyticsRepo, events, pseudonyms, release }: Deps) {
  /** Named activity: listed and pushed to each owner's live stream at once, with its exact time. */
  async function recordNamed(visitor: NamedVisitor, visit: Visit, now: Date) {
    const { action, searchTerm, connection, targets } = visit;
    const inserted = await analyticsRepo.insertNamed(
      targets.map((target) => ({
        targetUserId: target.ownerId,
        postId: target.post?.id ?? null,
        postName: target.post?.postName ?? null,
        visitorId: visitor.id,
        visitorName: visitor.name,
        ownerHidden: target.post?.hidePersonalInfo ?? false,
        action,
        searchTerm,
        ipAddress: connection.ipAddress,
        userAgent: connection.userAgent?.slice(0, 300) ?? null,
        createdAt: now,
      })),
    );
    inserted.forEach((event, i) => {
      const post = targets[i]?.post ?? null;
      events.publish(event.targetUserId, {
        type: "analytics",
        data: toAnalyticsEvent(
          event,
          {
            visitorTagg: visitor.tagg,
            visitorPicture: visitor.picture,
            originalImage: post?.originalImage ?? null,
            scrambledImage: post?.scrambledImage ?? null,
            scrambleImage: post?.scrambleImage ?? null,
          },
          release.minutes,
        ),
      });
    });
    return inserted.length;
  }

  /**
   * Anonymous activity: held unseen, with its time already rounded down to the bucket, until the bucket has
   * ended plus a random delay. Nothing an owner can observe changes now; nothing finer than the bucket is stored.
   */
  async function recordAnonymous({ who }: AnonymousVisit, visit: Visit, now: Date) {
    const window = { start: windowStartOf(now, release.minutes), minutes: release.minutes };
    const rows = await Promise.all(
      visit.targets.map(async (target) => ({
        targetUserId: target.ownerId,
        postId: target.post?.id ?? null,
        postName: target.post?.postName ?? null,
        pseudonym: await pseudonyms.of(target.ownerId, who),
        guest: !("memberId" in who),
        action: visit.action,
        searchTerm: visit.searchTerm,
        bucketStart: window.start,
        windowMinutes: window.minutes,
        releaseAt: releaseTimeOf(window, release.jitterMinutes),
      })),
    );
    await analyticsRepo.insertPending(rows);
    return rows.length;
  }

  return (visit: Visit, now: Date) =>
    visit.visitor.kind === "named"
      ? recordNamed(visit.visitor, visit, now)
      : recordAnonymous(visit.visitor, visit, now);
}
