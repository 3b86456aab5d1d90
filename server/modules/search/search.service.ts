import { ANONYMOUS_VISITOR_NAME } from "#contract/api/analytics.ts";
import type { PublicPost, SearchHistoryEntry } from "#contract/api/search.ts";
import { DUPLICATE_SEARCH_WINDOW_MS, MIN_TRACKED_TERM_LENGTH } from "#contract/limits.ts";
import { nameKey } from "#contract/names.ts";
import type { ProfileRow, searchAnalytics } from "#server/db/schema/index.ts";
import type { Clock } from "#server/lib/clock.ts";
import type { EventBus } from "#server/lib/event-bus.ts";
import type { VisitorHasher } from "#server/lib/visitor-hash.ts";
import type { AnalyticsRepository } from "#server/modules/analytics/analytics.repository.ts";
import { toAnalyticsEvent } from "#server/modules/analytics/analytics.service.ts";
import { toTaggedPost } from "#server/modules/posts/posts.service.ts";
import { effectiveMode, isAnonymousMode } from "#server/modules/privacy/privacy-rules.ts";
import type { FindableRow, SearchRepository } from "./search.repository.ts";

const TAGG_PATTERN = /^[a-z0-9_]{3,30}$/;

/** The two keys a term is matched by: a post name (trimmed, lower-case) and a tagg (without a leading @). */
export function searchKeys(term: string) {
  const key = nameKey(term);
  const taggKey = key.replace(/^@/, "");
  return { nameKey: key, taggKey: TAGG_PATTERN.test(taggKey) ? taggKey : null };
}

type Visitor = { user: ProfileRow } | { ipAddress: string; userAgent: string };
type TrackInput = {
  searchTerm: string;
  action: "search" | "view" | "internal_search";
  postId?: string | null;
  targetTagg?: string | null;
};
type Skip = "too_short" | "duplicate" | "own_post" | "not_found";
type Target = { ownerId: string; post: FindableRow["post"] | null };

type Deps = {
  searchRepo: SearchRepository;
  analyticsRepo: AnalyticsRepository;
  hasher: VisitorHasher;
  events: EventBus;
  clock: Clock;
};

function toPublicPost(row: FindableRow, viewerId: string | undefined): PublicPost {
  const { post } = row;
  const isOwn = post.userId === viewerId;
  const showOwner = isOwn || !post.hidePersonalInfo;
  // Strangers do not learn whether the post is visible or how many viewed it.
  const { isVisible: _isVisible, uniqueViewCount: _views, ...fields } = toTaggedPost(post, 0);
  return {
    ...fields,
    isOwn,
    userTagg: showOwner ? row.ownerTagg : null,
    firstName: showOwner ? row.ownerFirstName : null,
    lastName: showOwner ? row.ownerLastName : null,
    profilePictureUrl: showOwner ? row.ownerPicture : null,
  };
}

export function createSearchService({ searchRepo, analyticsRepo, hasher, events, clock }: Deps) {
  /** How this visitor is recorded right now, decided by their privacy mode at this moment. */
  function identify(visitor: Visitor) {
    if (!("user" in visitor)) {
      return {
        hash: hasher.guest(visitor.ipAddress, visitor.userAgent),
        id: null,
        name: ANONYMOUS_VISITOR_NAME,
        self: null,
      };
    }
    const { user } = visitor;
    const mode = effectiveMode(user.privacyMode, user.pauseStartedAt, clock.now());
    const anonymous = isAnonymousMode(mode);
    return {
      hash: hasher.member(user.id),
      id: anonymous ? null : user.id,
      name: anonymous ? ANONYMOUS_VISITOR_NAME : `${user.firstName} ${user.lastName}`,
      self: user.id,
    };
  }

  async function targetsOf(input: TrackInput, term: string): Promise<Target[]> {
    if (input.postId) {
      const row = await searchRepo.findVisiblePost(input.postId);
      return row ? [{ ownerId: row.post.userId, post: row.post }] : [];
    }
    if (input.action === "internal_search" && input.targetTagg) {
      const taggKey = searchKeys(input.targetTagg).taggKey;
      const owner = taggKey ? await searchRepo.findVisibleOwnerByTagg(taggKey) : undefined;
      return owner ? [{ ownerId: owner.id, post: null }] : [];
    }
    if (input.action === "view") return [];
    const { nameKey, taggKey } = searchKeys(term);
    const rows = await searchRepo.findExact(nameKey, taggKey);
    const byOwner = new Map<string, FindableRow["post"][]>();
    for (const row of rows) byOwner.set(row.post.userId, [...(byOwner.get(row.post.userId) ?? []), row.post]);
    return [...byOwner].map(([ownerId, posts]) => ({
      ownerId,
      post: posts.length === 1 ? (posts[0] ?? null) : null,
    }));
  }

  return {
    /** Exact match on a post name or a tagg; no term (or a blank one) finds nothing, never a listing. */
    async search(term: string | undefined, viewer: ProfileRow | undefined): Promise<PublicPost[]> {
      if (!term?.trim()) return [];
      const { nameKey, taggKey } = searchKeys(term);
      const rows = await searchRepo.findExact(nameKey, taggKey);
      return rows.map((row) => toPublicPost(row, viewer?.id));
    },

    /**
     * Records a search or view for the owners of what it found, applying the rules on the server: terms
     * under 3 characters and repeats within 5 s are skipped, and nobody is recorded on their own posts.
     */
    async track(visitor: Visitor, input: TrackInput, meta: { ipAddress: string; userAgent?: string }) {
      const term = nameKey(input.searchTerm);
      const skip = (reason: Skip) => ({ recorded: 0, skipped: reason });
      if (term.length < MIN_TRACKED_TERM_LENGTH) return skip("too_short");

      const who = identify(visitor);
      const last = await analyticsRepo.lastSame(who.hash, input.action, term);
      if (last && clock.now().getTime() - last.getTime() < DUPLICATE_SEARCH_WINDOW_MS)
        return skip("duplicate");

      const found = await targetsOf(input, term);
      const targets = found.filter((target) => target.ownerId !== who.self);
      if (found.length === 0) return skip("not_found");
      if (targets.length === 0) return skip("own_post");

      const now = clock.now();
      const rows: (typeof searchAnalytics.$inferInsert)[] = targets.map((target) => ({
        targetUserId: target.ownerId,
        postId: target.post?.id ?? null,
        postName: target.post?.postName ?? null,
        visitorId: who.id,
        visitorName: who.name,
        visitorHash: who.hash,
        action: input.action,
        searchTerm: term,
        // An anonymous visitor's connection details are not kept either.
        ipAddress: who.id ? meta.ipAddress : null,
        userAgent: who.id ? (meta.userAgent?.slice(0, 300) ?? null) : null,
        createdAt: now,
      }));
      const inserted = await analyticsRepo.insert(rows);
      inserted.forEach((event, i) => {
        const post = targets[i]?.post ?? null;
        const visitorUser = "user" in visitor && who.id ? visitor.user : null;
        events.publish(event.targetUserId, {
          type: "analytics",
          data: toAnalyticsEvent(event, {
            visitorTagg: visitorUser?.tagg ?? null,
            visitorPicture: visitorUser?.profilePictureUrl ?? null,
            originalImage: post?.originalImage ?? null,
            scrambledImage: post?.scrambledImage ?? null,
            scrambleImage: post?.scrambleImage ?? null,
          }),
        });
      });
      return { recorded: inserted.length, skipped: null };
    },

    async history(user: ProfileRow): Promise<SearchHistoryEntry[]> {
      const rows = await searchRepo.historyOf(hasher.member(user.id));
      return rows.map(({ event, post, ownerFirstName, ownerLastName, ownerTagg }) => {
        const hideOwner = post?.hidePersonalInfo ?? false;
        return {
          id: event.id,
          postId: event.postId,
          postName: post?.postName ?? event.postName,
          originalImage: post?.originalImage ?? null,
          scrambledImage: post?.scrambledImage ?? null,
          scrambleImage: post?.scrambleImage ?? null,
          hidePersonalInfo: post?.hidePersonalInfo ?? null,
          ownerFirstName: hideOwner ? null : ownerFirstName,
          ownerLastName: hideOwner ? null : ownerLastName,
          ownerTagg: hideOwner ? null : ownerTagg,
          action: event.action,
          searchTerm: event.searchTerm,
          createdAt: event.createdAt.toISOString(),
          isVisible: post?.isVisible ?? null,
          wasAnonymous: event.visitorId === null,
        };
      });
    },

    /** Deletes my searches and views from every owner's analytics, anonymous ones included. */
    async deleteHistory(user: ProfileRow) {
      return { deleted: await searchRepo.deleteHistoryOf(hasher.member(user.id), user.id) };
    },
  };
}

export type SearchService = ReturnType<typeof createSearchService>;
