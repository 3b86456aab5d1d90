import {
  ANALYTICS_MESSAGES,
  type AnalyticsEvent,
  type PostViewers,
  type ViewerProfile,
} from "#contract/api/analytics.ts";
import { POST_MESSAGES } from "#contract/api/posts.ts";
import type { SearchAnalyticsRow } from "#server/db/schema/index.ts";
import { AppError } from "#server/lib/app-error.ts";
import type { PostsRepository } from "#server/modules/posts/posts.repository.ts";
import type { ProfileRepository } from "#server/modules/profile/profile.repository.ts";
import type { AnalyticsRepository } from "./analytics.repository.ts";

type EventExtras = {
  visitorTagg: string | null;
  visitorPicture: string | null;
  originalImage: string | null;
  scrambledImage: string | null;
  scrambleImage: boolean | null;
};

/** What an owner may see of an event: never an e-mail, and nothing of an anonymous visitor but the label. */
export function toAnalyticsEvent(event: SearchAnalyticsRow, extras: EventExtras): AnalyticsEvent {
  const visible = event.visitorId !== null;
  return {
    id: event.id,
    postId: event.postId,
    postName: event.postName,
    visitorName: event.visitorName,
    visitorId: event.visitorId,
    visitorTagg: visible ? extras.visitorTagg : null,
    visitorProfilePictureUrl: visible ? extras.visitorPicture : null,
    searchTerm: event.searchTerm,
    action: event.action,
    createdAt: event.createdAt.toISOString(),
    originalImage: extras.originalImage,
    scrambledImage: extras.scrambledImage,
    scrambleImage: extras.scrambleImage,
  };
}

type Deps = {
  analyticsRepo: AnalyticsRepository;
  postsRepo: PostsRepository;
  profileRepo: ProfileRepository;
};

export function createAnalyticsService({ analyticsRepo, postsRepo, profileRepo }: Deps) {
  return {
    /** A tag that changes whenever the owner's events change, for conditional (304) answers. */
    async etag(ownerId: string) {
      return `W/"analytics-${await analyticsRepo.ownerFingerprint(ownerId)}"`;
    },

    async list(ownerId: string): Promise<AnalyticsEvent[]> {
      const rows = await analyticsRepo.listForOwner(ownerId);
      return rows.map((row) => toAnalyticsEvent(row.event, row));
    },

    async delete(ownerId: string, ids: string[]) {
      return { deleted: await analyticsRepo.deleteForOwner(ownerId, [...new Set(ids)]) };
    },

    /** Viewers of one of my posts; another member's post is refused. */
    async viewers(ownerId: string, postId: string): Promise<PostViewers> {
      const post = await postsRepo.findById(postId);
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
      const viewer = saw ? await profileRepo.findById(viewerId) : undefined;
      if (!viewer) throw new AppError("not_found", ANALYTICS_MESSAGES.viewerNotFound);
      return {
        firstName: viewer.firstName,
        lastName: viewer.lastName,
        tagg: viewer.tagg,
        profile: {
          bio: viewer.bio,
          profilePictureUrl: viewer.profilePictureUrl,
          socialLinks: {
            platforms: Object.fromEntries(
              Object.entries(viewer.socialLinks.platforms).filter((e): e is [string, string] =>
                Boolean(e[1]),
              ),
            ),
            shortcuts: viewer.socialLinks.shortcuts,
          },
        },
      };
    },

    async uniqueViewers(ownerId: string) {
      return { totalUnique: await analyticsRepo.uniqueViewers(ownerId) };
    },

    async highestViewed(ownerId: string) {
      return (await analyticsRepo.highestViewed(ownerId)) ?? null;
    },
  };
}

export type AnalyticsService = ReturnType<typeof createAnalyticsService>;
