import { createHash } from "node:crypto";
import {
  ANALYTICS_MESSAGES,
  type AnalyticsEvent,
  type PostViewers,
  type ViewerProfile,
} from "#contract/api/analytics.ts";
import { POST_MESSAGES } from "#contract/api/posts.ts";
import { DUPLICATE_SEARCH_WINDOW_MS } from "#contract/limits.ts";
import type { AnalyticsAction, TaggedPostRow } from "#server/db/schema/index.ts";
import { AppError } from "#server/lib/app-error.ts";
import type { Clock } from "#server/lib/clock.ts";
import type { EventBus } from "#server/lib/event-bus.ts";
import { unlinkedMemberHash } from "#server/lib/visitor-hash.ts";
import { toSocialLinks } from "#server/modules/profile/profile.mapper.ts";
import { toAnalyticsEvent } from "./analytics.mapper.ts";
import type { AnalyticsRepository } from "./analytics.repository.ts";
import type { AnalyticsEtags } from "./analytics-etags.ts";

/** The fields of a visited post that its owner's live event shows. */
type VisitedPost = Pick<
  TaggedPostRow,
  "id" | "postName" | "originalImage" | "scrambledImage" | "scrambleImage"
>;

/**
 * A search or view to record for the owners of what it found. `visitor.id`, `tagg` and `picture` are null
 * when the visitor is anonymous at this moment; `hash` is always set (unique viewers, own history).
 */
export type Visit = {
  visitor: { id: string | null; name: string; hash: string; tagg: string | null; picture: string | null };
  action: AnalyticsAction;
  searchTerm: string;
  connection: { ipAddress: string; userAgent?: string };
  targets: { ownerId: string; post: VisitedPost | null }[];
};

type Deps = { analyticsRepo: AnalyticsRepository; etags: AnalyticsEtags; events: EventBus; clock: Clock };

/** The tag of exactly what the owner's list shows: any change to it changes the tag. */
const tagOf = (list: AnalyticsEvent[]) =>
  `W/"analytics-${createHash("sha256").update(JSON.stringify(list)).digest("base64url")}"`;

export function createAnalyticsService({ analyticsRepo, etags, events, clock }: Deps) {
  const list = async (ownerId: string): Promise<AnalyticsEvent[]> => {
    const rows = await analyticsRepo.listForOwner(ownerId);
    return rows.map((row) => toAnalyticsEvent(row.event, row));
  };

  return {
    /** Whether this visitor recorded the same term and action less than 5 seconds ago. */
    async isRecentDuplicate(visitorHash: string, action: AnalyticsAction, searchTerm: string) {
      const last = await analyticsRepo.lastSame(visitorHash, action, searchTerm);
      return Boolean(last && clock.now().getTime() - last.getTime() < DUPLICATE_SEARCH_WINDOW_MS);
    },

    /** Records one event per target owner and pushes each to its owner's live stream; answers how many. */
    async recordVisit({ visitor, action, searchTerm, connection, targets }: Visit) {
      const now = clock.now();
      const inserted = await analyticsRepo.insert(
        targets.map((target) => ({
          targetUserId: target.ownerId,
          postId: target.post?.id ?? null,
          postName: target.post?.postName ?? null,
          visitorId: visitor.id,
          visitorName: visitor.name,
          visitorHash: visitor.hash,
          action,
          searchTerm,
          // An anonymous visitor's connection details are not kept either.
          ipAddress: visitor.id ? connection.ipAddress : null,
          userAgent: visitor.id ? (connection.userAgent?.slice(0, 300) ?? null) : null,
          createdAt: now,
        })),
      );
      inserted.forEach((event, i) => {
        const post = targets[i]?.post ?? null;
        events.publish(event.targetUserId, {
          type: "analytics",
          data: toAnalyticsEvent(event, {
            visitorTagg: visitor.tagg,
            visitorPicture: visitor.picture,
            originalImage: post?.originalImage ?? null,
            scrambledImage: post?.scrambledImage ?? null,
            scrambleImage: post?.scrambleImage ?? null,
          }),
        });
      });
      return inserted.length;
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

    /** The owner's events created at or after `since`, newest first: what a resuming live stream missed. */
    async listSince(ownerId: string, since: Date, limit: number): Promise<AnalyticsEvent[]> {
      const rows = await analyticsRepo.listForOwnerSince(ownerId, since, limit);
      return rows.map((row) => toAnalyticsEvent(row.event, row));
    },

    /**
     * Forgets a member as a visitor: their named events leave every owner's analytics, and their anonymous
     * events stay exactly as the owners see them but are unlinked for ever (the keyed hash is replaced by a
     * random one). Removing both at once would show the owner which anonymous rows were this member's.
     * Answers how many events left the member's own history.
     */
    async forgetVisitor(visitorHash: string, visitorId: string) {
      const { deleted, unlinked } = await analyticsRepo.forgetVisitor(
        visitorHash,
        visitorId,
        unlinkedMemberHash(),
      );
      return deleted + unlinked;
    },

    async delete(ownerId: string, ids: string[]) {
      return { deleted: await analyticsRepo.deleteForOwner(ownerId, [...new Set(ids)]) };
    },

    /** Viewers of one of my posts; another member's post is refused. */
    async viewers(ownerId: string, postId: string): Promise<PostViewers> {
      const post = await analyticsRepo.findPost(postId);
      if (!post) throw new AppError("not_found", POST_MESSAGES.notFound);
      if (post.userId !== ownerId) throw new AppError("forbidden", ANALYTICS_MESSAGES.accessDenied);
      const rows = await analyticsRepo.viewersOf(postId);
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
      const saw = viewerId !== ownerId && (await analyticsRepo.sawOpenly(ownerId, viewerId));
      const viewer = saw ? await analyticsRepo.findViewer(viewerId) : undefined;
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
      return { totalUnique: await analyticsRepo.uniqueViewers(ownerId) };
    },

    /** What the hide threshold counts: signed-in viewers of the member's best post. */
    memberViewersOfBestPost: (ownerId: string) => analyticsRepo.mostMemberViewersOnAPost(ownerId),

    async highestViewed(ownerId: string) {
      return (await analyticsRepo.highestViewed(ownerId)) ?? null;
    },
  };
}

export type AnalyticsService = ReturnType<typeof createAnalyticsService>;
