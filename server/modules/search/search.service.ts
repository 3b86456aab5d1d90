import type { PublicPost, SearchHistoryEntry } from "#contract/api/search.ts";
import { MIN_TRACKED_TERM_LENGTH } from "#contract/limits.ts";
import { nameKey } from "#contract/names.ts";
import type { ProfileRow } from "#server/db/schema/index.ts";
import type { Transact } from "#server/db/transaction.ts";
import type { Clock } from "#server/lib/clock.ts";
import type { AnalyticsService } from "#server/modules/analytics/analytics.service.ts";
import type { Visit } from "#server/modules/analytics/visit-recording.ts";
import type { RepeatedSearchAlertsService } from "#server/modules/notices/repeated-search-alerts.service.ts";
import { isShownToOthers, toTaggedPost } from "#server/modules/posts/posts.mapper.ts";
import { effectiveMode, isAnonymousMode } from "#server/modules/privacy/privacy-rules.ts";
import type { FindableRow, HistoryRow, SearchRepository } from "./search.repository.ts";

const TAGG_PATTERN = /^[a-z0-9_]{3,30}$/;

/** The two keys a term is matched by: a post name (trimmed, lower-case) and a tagg (without a leading @). */
function searchKeys(term: string) {
  const key = nameKey(term);
  const taggKey = key.replace(/^@/, "");
  return { nameKey: key, taggKey: TAGG_PATTERN.test(taggKey) ? taggKey : null };
}

/**
 * Who is searching: a signed-in member (`fromOtherSite` when another site sent their browser here, which never
 * records them by name), or a connection without a sign-in.
 */
export type Visitor = { user: ProfileRow; fromOtherSite: boolean } | { ipAddress: string; userAgent: string };
type TrackInput = {
  searchTerm: string;
  action: "search" | "view" | "internal_search";
  postId?: string | null;
  targetTagg?: string | null;
};
type Skip = "too_short" | "duplicate" | "own_post" | "not_found";
/** An owner found, with their post when exactly one matched, and whether they blocked the visitor. */
type Target = { ownerId: string; post: FindableRow["post"] | null; blocksVisitor: boolean };
type Resolved = { term: string; found: Target[] };
type Meta = { ipAddress: string; userAgent?: string };
const none: Resolved = { term: "", found: [] };

/** One target per owner found: their post when exactly one of theirs matched, else the owner alone. */
function byOwner(rows: FindableRow[]): Target[] {
  const owners = new Map<string, { posts: FindableRow["post"][]; blocksVisitor: boolean }>();
  for (const row of rows) {
    const found = owners.get(row.post.userId) ?? { posts: [], blocksVisitor: row.ownerBlocksViewer };
    owners.set(row.post.userId, { ...found, posts: [...found.posts, row.post] });
  }
  return [...owners].map(([ownerId, { posts, blocksVisitor }]) => ({
    ownerId,
    post: posts.length === 1 ? (posts[0] ?? null) : null,
    blocksVisitor,
  }));
}

type Deps = {
  transact: Transact;
  searchRepo: SearchRepository;
  analytics: Pick<AnalyticsService, "isRepeat" | "recordVisit" | "forgetVisitor">;
  alerts: Pick<RepeatedSearchAlertsService, "afterNamedVisit" | "forgetVisitor">;
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

/** How many history entries one query of a data export reads. */
const EXPORT_PAGE_SIZE = 500;

/**
 * A history entry: a post that hid its owner when it was seen keeps hiding them, even once deleted. At an owner
 * who has since blocked the member, only what was recorded then (the term, the action, the time, the post's
 * name as it was) and nothing of the owner or the post as they are now: the history tells the member nothing
 * new about someone who blocked them (decision 072).
 */
function toHistoryEntry(row: HistoryRow): SearchHistoryEntry {
  if (row.ownerBlocksVisitor) {
    const unknown = { post: null, ownerFirstName: null, ownerLastName: null, ownerTagg: null };
    return toHistoryEntry({ ...row, ...unknown, ownerBlocksVisitor: false });
  }
  const { event, post, ownerFirstName, ownerLastName, ownerTagg } = row;
  const hideOwner = event.ownerHidden || (post?.hidePersonalInfo ?? false);
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
    isVisible: post ? isShownToOthers(post) : null,
  } satisfies SearchHistoryEntry;
}

export function createSearchService({ transact, searchRepo, analytics, alerts, clock }: Deps) {
  /**
   * How this visitor is recorded right now: by name only when they are signed in, in `show` mode at this
   * moment, and came from this site; anonymously otherwise.
   */
  function identify(visitor: Visitor): { visitor: Visit["visitor"]; self: string | null } {
    if (!("user" in visitor)) {
      const who = { address: visitor.ipAddress, userAgent: visitor.userAgent };
      return { visitor: { kind: "anonymous", who }, self: null };
    }
    const { user } = visitor;
    const mode = effectiveMode(user.privacyMode, user.pauseStartedAt, clock.now());
    if (isAnonymousMode(mode) || visitor.fromOtherSite) {
      return { visitor: { kind: "anonymous", who: { memberId: user.id } }, self: user.id };
    }
    const name = `${user.firstName} ${user.lastName}`;
    return {
      visitor: { kind: "named", id: user.id, name, tagg: user.tagg, picture: user.profilePictureUrl },
      self: user.id,
    };
  }

  /**
   * Whose analytics the event goes to, and the term to record. When the client names a post or a tagg, the
   * term recorded is that post's name or tagg, never the client's text (which would be a free channel into
   * the owner's feed).
   */
  async function targetsOf(input: TrackInput, term: string, self: string | null): Promise<Resolved> {
    if (input.postId) {
      const row = await searchRepo.findVisiblePost(input.postId, self);
      if (!row) return none;
      const target = { ownerId: row.post.userId, post: row.post, blocksVisitor: row.ownerBlocksViewer };
      return { term: nameKey(row.post.postName), found: [target] };
    }
    if (input.action === "internal_search" && input.targetTagg) {
      const taggKey = searchKeys(input.targetTagg).taggKey;
      const owner = taggKey ? await searchRepo.findVisibleOwnerByTagg(taggKey, self) : undefined;
      if (!owner || !taggKey) return none;
      return {
        term: taggKey,
        found: [{ ownerId: owner.id, post: null, blocksVisitor: owner.ownerBlocksViewer }],
      };
    }
    const { nameKey: key, taggKey } = searchKeys(term);
    // A view sent without a postId (`{searchTerm, action: "view"}`) names the post by its exact name, never
    // by a tagg.
    const rows = await searchRepo.findExact(key, input.action === "view" ? null : taggKey, self);
    return { term, found: byOwner(rows) };
  }

  /**
   * Applies the recording rules (own posts, 5 s window) and records what is left for each owner; a named visit
   * may then set off a repeated-search alert (anonymous activity never does).
   *
   * An owner who blocked the visitor gets the visit only when it is anonymous, exactly as if there were no
   * block: were it dropped, an owner blocking suspects one at a time would see which pseudonym stopped moving
   * (decision 072). The answer, like the search's, tells of the other owners only.
   */
  async function record(visitor: Visitor, action: TrackInput["action"], resolved: Resolved, meta: Meta) {
    const skip = (reason: Skip) => ({ recorded: 0, skipped: reason });
    const { self, visitor: who } = identify(visitor);
    const notOwn = resolved.found.filter((target) => target.ownerId !== self);
    const targets = who.kind === "anonymous" ? notOwn : notOwn.filter((target) => !target.blocksVisitor);
    const shown = resolved.found.filter((target) => !target.blocksVisitor);
    const shownTargets = shown.filter((target) => target.ownerId !== self);

    let recorded = 0;
    const repeat =
      targets.length > 0 && (await analytics.isRepeat({ visitor: who, action, searchTerm: resolved.term }));
    if (targets.length > 0 && !repeat) {
      recorded = await analytics.recordVisit({
        visitor: who,
        action,
        searchTerm: resolved.term,
        connection: meta,
        targets,
      });
      if (who.kind === "named") {
        await alerts.afterNamedVisit(
          who.id,
          targets.map((target) => target.ownerId),
        );
      }
    }
    if (shown.length === 0) return skip("not_found");
    if (shownTargets.length === 0) return skip("own_post");
    if (repeat) return skip("duplicate");
    // Events at owners who blocked the visitor are recorded but not counted in the answer.
    return { recorded: Math.min(recorded, shownTargets.length), skipped: null };
  }

  return {
    /**
     * Exact match on a post name or a tagg; no term (or a blank one) finds nothing, never a listing. The
     * search itself is recorded here for the owners of what it found, so a client that never calls
     * track-search is recorded all the same.
     */
    async search(term: string | undefined, visitor: Visitor, meta: Meta): Promise<PublicPost[]> {
      if (!term?.trim()) return [];
      const viewerId = "user" in visitor ? visitor.user.id : null;
      const { nameKey: key, taggKey } = searchKeys(term);
      const rows = await searchRepo.findExact(key, taggKey, viewerId);
      if (key.length >= MIN_TRACKED_TERM_LENGTH) {
        await record(visitor, "search", { term: key, found: byOwner(rows) }, meta);
      }
      return rows
        .filter((row) => !row.ownerBlocksViewer)
        .map((row) => toPublicPost(row, viewerId ?? undefined));
    },

    /**
     * Whether a search of `tagg` by the viewer would show its owner's name: it lists a post of theirs that
     * does not hide personal information. Records nothing.
     */
    async showsOwnerNameByTagg(tagg: string, viewerId: string): Promise<boolean> {
      const rows = await searchRepo.findByTagg(tagg, viewerId);
      return rows.some((row) => !row.ownerBlocksViewer && toPublicPost(row, viewerId).firstName !== null);
    },

    /**
     * Records a search or view for the owners of what it found, applying the rules on the server: terms
     * under 3 characters and repeats within 5 s are skipped, and nobody is recorded on their own posts. A
     * search the public search already recorded is a repeat within 5 s, so the page's call never counts twice.
     */
    async track(visitor: Visitor, input: TrackInput, meta: Meta) {
      const typed = nameKey(input.searchTerm);
      if (typed.length < MIN_TRACKED_TERM_LENGTH) return { recorded: 0, skipped: "too_short" as const };
      const self = "user" in visitor ? visitor.user.id : null;
      return record(visitor, input.action, await targetsOf(input, typed, self), meta);
    },

    /**
     * My own searches and views, as recorded by name. What I did anonymously was never recorded against me,
     * so it is not here either. A post that hid its owner when I saw it keeps hiding them, even once deleted.
     */
    async history(user: ProfileRow): Promise<SearchHistoryEntry[]> {
      return (await searchRepo.historyOf(user.id)).map(toHistoryEntry);
    },

    /**
     * My whole history, each entry as `history` shows it (which stops at the 500 newest), newest first, a page
     * at a time: what my data export carries.
     */
    async *wholeHistory(user: ProfileRow): AsyncGenerator<SearchHistoryEntry[]> {
      let after: { createdAt: Date; id: string } | undefined;
      for (;;) {
        const rows = await searchRepo.historyPage(user.id, after, EXPORT_PAGE_SIZE);
        if (rows.length > 0) yield rows.map(toHistoryEntry);
        const last = rows.at(-1);
        if (!last || rows.length < EXPORT_PAGE_SIZE) return;
        after = { createdAt: last.event.createdAt, id: last.event.id };
      }
    },

    /**
     * Empties my history: my named searches and views leave every owner's analytics, and with them the
     * repeated-search alerts about me and the record of when they were sent. Nothing keeps the link.
     */
    async deleteHistory(user: ProfileRow) {
      return transact(async (tx) => {
        const deleted = await analytics.forgetVisitor(user.id, tx);
        await alerts.forgetVisitor(user.id, tx);
        return { deleted };
      });
    },
  };
}

export type SearchService = ReturnType<typeof createSearchService>;
