import type { PublicPost, SearchHistoryEntry } from "#contract/api/search.ts";
import { postDisplayName } from "#web/lib/post-display.ts";

export const PERSONAL_INFO_HIDDEN = "Personal Info Hidden";

export type OwnerLabel = {
  /** The owner's name, their @tagg when they have no name to show, or "Personal Info Hidden". */
  name: string;
  tagg: string | null;
  hidden: boolean;
};

/** Who a search result belongs to, as far as the owner lets strangers see. Pure: unit-tested. */
export function ownerLabel(post: Pick<PublicPost, "firstName" | "lastName" | "userTagg">): OwnerLabel {
  const name = [post.firstName?.trim(), post.lastName?.trim()].filter(Boolean).join(" ");
  const tagg = post.userTagg ? `@${post.userTagg}` : null;
  if (!name && !tagg) return { name: PERSONAL_INFO_HIDDEN, tagg: null, hidden: true };
  return { name: name || (tagg ?? ""), tagg: name ? tagg : null, hidden: false };
}

/** "1 post found for “x”" / "3 posts found for “x”". */
export function resultsSummary(count: number, term: string): string {
  return `${count} ${count === 1 ? "post" : "posts"} found for “${term.trim()}”`;
}

type HistoryFields = Pick<
  SearchHistoryEntry,
  "action" | "searchTerm" | "postName" | "ownerFirstName" | "ownerLastName" | "ownerTagg" | "hidePersonalInfo"
>;

/** One line saying what I did: "Searched for “x”" or "Viewed Grace". */
export function historyHeadline(entry: HistoryFields): string {
  if (entry.action === "view") return `Viewed ${entry.postName ? postDisplayName(entry.postName) : "a post"}`;
  return entry.searchTerm ? `Searched for “${entry.searchTerm}”` : "Searched";
}

/** Whose post it was, as far as its owner lets me see; null when unknown. */
export function historyOwner(entry: HistoryFields): string | null {
  if (entry.hidePersonalInfo) return PERSONAL_INFO_HIDDEN;
  const name = [entry.ownerFirstName?.trim(), entry.ownerLastName?.trim()].filter(Boolean).join(" ");
  if (name) return `by ${name}`;
  return entry.ownerTagg ? `by @${entry.ownerTagg}` : null;
}
