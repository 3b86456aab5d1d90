import { z } from "zod";
import { taggedPostSchema } from "./posts.ts";
import { timestampSchema } from "./timestamps.ts";

export const SEARCH_TERM_MAX_LENGTH = 100;

/** GET /api/public/tagged-posts?search= — exact post name or tagg; no term, no results. */
export const publicSearchQuerySchema = z.strictObject({
  search: z.string().max(SEARCH_TERM_MAX_LENGTH, { error: "Search term is too long" }).optional(),
});

/** A post as strangers see it: the owner's identity is withheld when they hide personal info. */
export const publicPostSchema = taggedPostSchema.omit({ isVisible: true, uniqueViewCount: true }).extend({
  /** For a scrambled post, originalImage serves the scrambled copy to everyone but the owner. */
  isOwn: z.boolean(),
  userTagg: z.string().nullable(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  profilePictureUrl: z.string().nullable(),
});
export type PublicPost = z.infer<typeof publicPostSchema>;
export const publicSearchResponseSchema = z.array(publicPostSchema);

const searchTermSchema = z
  .string({ error: "Search term is required" })
  .trim()
  .max(SEARCH_TERM_MAX_LENGTH, { error: "Search term is too long" });

/** POST /api/track-search: a search that found posts, or a view of one post. */
export const trackSearchBodySchema = z.strictObject({
  searchTerm: searchTermSchema,
  action: z.enum(["search", "view"]).default("search"),
  postId: z.uuid({ error: "postId must be a post id" }).nullish(),
});
export type TrackSearchBody = z.input<typeof trackSearchBodySchema>;

/** POST /api/track-internal-search: a search from inside the dashboard aimed at a tagg or a post. */
export const trackInternalSearchBodySchema = z.strictObject({
  targetTagg: z.string().trim().max(40).nullish(),
  searchTerm: searchTermSchema,
  action: z.literal("internal_search").default("internal_search"),
  postId: z.uuid({ error: "postId must be a post id" }).nullish(),
});

export const trackResponseSchema = z.object({
  /** How many owners got an event (0 when the rules skipped it). */
  recorded: z.number().int(),
  skipped: z.enum(["too_short", "duplicate", "own_post", "not_found"]).nullable(),
});

/**
 * GET /api/user-search-history — my own searches and views as a named visitor. What I did anonymously is not
 * recorded against me, not even for me.
 */
export const searchHistoryEntrySchema = z.object({
  id: z.string(),
  postId: z.string().nullable(),
  postName: z.string().nullable(),
  originalImage: z.string().nullable(),
  scrambledImage: z.string().nullable(),
  scrambleImage: z.boolean().nullable(),
  hidePersonalInfo: z.boolean().nullable(),
  ownerFirstName: z.string().nullable(),
  ownerLastName: z.string().nullable(),
  ownerTagg: z.string().nullable(),
  action: z.string(),
  searchTerm: z.string().nullable(),
  createdAt: timestampSchema,
  isVisible: z.boolean().nullable(),
});
export type SearchHistoryEntry = z.infer<typeof searchHistoryEntrySchema>;
export const searchHistoryResponseSchema = z.array(searchHistoryEntrySchema);
/** `deleted`: how many of my named searches and views left my history and every owner's analytics. */
export const deleteSearchHistoryResponseSchema = z.object({ deleted: z.number().int() });
