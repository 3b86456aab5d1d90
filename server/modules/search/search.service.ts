import { ANONYMOUS_VISITOR_NAME } from "#contract/api/analytics.ts";
import type { PublicPost, SearchHistoryEntry } from "#contract/api/search.ts";
import { MIN_TRACKED_TERM_LENGTH } from "#contract/limits.ts";
import { nameKey } from "#contract/names.ts";
import type { ProfileRow } from "#server/db/schema/index.ts";
import type { Clock } from "#server/lib/clock.ts";
import type { VisitorHasher } from "#server/lib/visitor-hash.ts";
import type { AnalyticsService, Visit } from "#server/modules/analytics/analytics.service.ts";
import { toTaggedPost } from "#server/modules/posts/posts.mapper.ts";
import { effectiveMode, isAnonymousMode } from "#server/modules/privacy/privacy-rules.ts";
import type { FindableRow, SearchRepository } from "./search.repository.ts";

const TAGG_PATTERN = /^[a-z0-9_]{3,30}$/;

/** The two keys a term is matched by: a post name (trimmed, lower-case) and a tagg (without a leading @). */
function searchKeys(term: string) {
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
type Resolved = { term: string; found: Target[] };
const none: Resolved = { term: "", found: [] };

type Deps = {
  searchRepo: SearchRepository;
  analytics: Pick<AnalyticsService, "isRecentDuplicate" | "recordVisit" | "forgetVisitor">;
  hasher: VisitorHasher;
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

export function createSearchService({ searchRepo, analytics, hasher, clock }: Deps) {
  /** How this visitor is recorded right now, decided by their privacy mode at this moment. */
  function identify(visitor: Visitor): Visit["visitor"] & { self: string | null } {
    if (!("user" in visitor)) {
      const hash = hasher.guest(visitor.ipAddress, visitor.userAgent);
      return { hash, id: null, name: ANONYMOUS_VISITOR_NAME, tagg: null, picture: null, self: null };
    }
    const { user } = visitor;
    const mode = effectiveMode(user.privacyMode, user.pauseStartedAt, clock.now());
    const hash = hasher.member(user.id);
    if (isAnonymousMode(mode)) {
      return { hash, id: null, name: ANONYMOUS_VISITOR_NAME, tagg: null, picture: null, self: user.id };
    }
    const name = `${user.firstName} ${user.lastName}`;
    return { hash, id: user.id, name, tagg: user.tagg, picture: user.profilePictureUrl, self: user.id };
  }

  /**
   * Whose analytics the event goes to, and the term to record. When the client names a post or a tagg, the
   * term recorded is that post's name or tagg, never the client's text (which would be a free channel into
   * the owner's feed).
   */
  async function targetsOf(input: TrackInput, term: string, self: string | null): Promise<Resolved> {
    if (input.postId) {
      const row = await searchRepo.findVisiblePost(input.postId);
      return row
        ? { term: nameKey(row.post.postName), found: [{ ownerId: row.post.userId, post: row.post }] }
        : none;
    }
    if (input.action === "internal_search" && input.targetTagg) {
      const taggKey = searchKeys(input.targetTagg).taggKey;
      const owner = taggKey ? await searchRepo.findVisibleOwnerByTagg(taggKey) : undefined;
      return owner && taggKey ? { term: taggKey, found: [{ ownerId: owner.id, post: null }] } : none;
    }
    if (input.action === "view") return none;
    const { nameKey: key, taggKey } = searchKeys(term);
    const rows = await searchRepo.findExact(key, taggKey, self);
    const byOwner = new Map<string, FindableRow["post"][]>();
    for (const row of rows) byOwner.set(row.post.userId, [...(byOwner.get(row.post.userId) ?? []), row.post]);
    const found = [...byOwner].map(([ownerId, posts]) => ({
      ownerId,
      post: posts.length === 1 ? (posts[0] ?? null) : null,
    }));
    return { term, found };
  }

  return {
    /** Exact match on a post name or a tagg; no term (or a blank one) finds nothing, never a listing. */
    async search(term: string | undefined, viewer: ProfileRow | undefined): Promise<PublicPost[]> {
      if (!term?.trim()) return [];
      const { nameKey, taggKey } = searchKeys(term);
      const rows = await searchRepo.findExact(nameKey, taggKey, viewer?.id ?? null);
      return rows.map((row) => toPublicPost(row, viewer?.id));
    },

    /**
     * Records a search or view for the owners of what it found, applying the rules on the server: terms
     * under 3 characters and repeats within 5 s are skipped, and nobody is recorded on their own posts.
     */
    async track(visitor: Visitor, input: TrackInput, meta: { ipAddress: string; userAgent?: string }) {
      const typed = nameKey(input.searchTerm);
      const skip = (reason: Skip) => ({ recorded: 0, skipped: reason });
      if (typed.length < MIN_TRACKED_TERM_LENGTH) return skip("too_short");

      const { self, ...who } = identify(visitor);
      const { term, found } = await targetsOf(input, typed, self);
      const targets = found.filter((target) => target.ownerId !== self);
      if (found.length === 0) return skip("not_found");
      if (targets.length === 0) return skip("own_post");
      if (await analytics.isRecentDuplicate(who.hash, input.action, term)) return skip("duplicate");

      const recorded = await analytics.recordVisit({
        visitor: who,
        action: input.action,
        searchTerm: term,
        connection: meta,
        targets,
      });
      return { recorded, skipped: null };
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

    /**
     * Empties my history: my named searches and views leave every owner's analytics; my anonymous ones stay
     * there, unlinked from me for ever.
     */
    async deleteHistory(user: ProfileRow) {
      return { deleted: await analytics.forgetVisitor(hasher.member(user.id), user.id) };
    },
  };
}

export type SearchService = ReturnType<typeof createSearchService>;
