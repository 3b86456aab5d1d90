import type { Block } from "#contract/api/blocks.ts";
import { getFullName } from "#web/lib/person.ts";

/** What a block does, as the confirmation says it: the blocked member is not told, and leaves the lists. */
export const blockConsequences =
  "They won't find your posts or see your images, and they won't be told. Their past visits leave your lists.";

/**
 * How the blocks list names a blocked member: their name; else (a hidden member blocked by tagg, whose name
 * the blocker never saw) their tagg; else plain words, never an id.
 */
export function blockedMemberName(member: Block["member"]): string {
  const name = getFullName(member);
  if (name) return name;
  return member.tagg ? `@${member.tagg}` : "A member";
}
