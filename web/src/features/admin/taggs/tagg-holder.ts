import type { AdminTagg } from "#contract/api/admin-taggs.ts";

/** The holder's name as the panel shows it, or null when no member holds the tagg. */
export function holderName(tagg: Pick<AdminTagg, "holder">): string | null {
  if (!tagg.holder) return null;
  return `${tagg.holder.firstName} ${tagg.holder.lastName}`.trim();
}

/**
 * The Delete Tagg confirmation: a tagg a member holds is their handle, so the confirmation names them and says
 * what they lose before the administrator decides (decision 054).
 */
export function deleteTaggDescription(tagg: Pick<AdminTagg, "tagg" | "holder">): string {
  const name = holderName(tagg);
  if (!name) return `Delete @${tagg.tagg}? This action cannot be undone.`;
  return (
    `Delete @${tagg.tagg}? It is held by ${name}; their posts stop being findable by it, and anyone can then ` +
    `claim it. ${name} will be told in their notifications. This action cannot be undone.`
  );
}

/** The toast after the delete: for a held tagg it says the member was told. */
export function taggDeletedDescription(tagg: Pick<AdminTagg, "tagg" | "holder">): string {
  const name = holderName(tagg);
  return name ? `@${tagg.tagg} was deleted; ${name} was told.` : `@${tagg.tagg} was deleted.`;
}

/**
 * The Hide Tagg confirmation: the tagg and its posts leave search until an administrator shows them again; for
 * a held tagg that is a decision about its holder, who is told why and may appeal (decision 085).
 */
export function hideTaggDescription(tagg: Pick<AdminTagg, "tagg" | "holder">): string {
  const name = holderName(tagg);
  const question = `Hide @${tagg.tagg}${name ? `, held by ${name},` : ""} and its posts from search until an administrator shows them again?`;
  return name ? `${question} ${name} is told why, and may appeal.` : question;
}
