/**
 * The key a post name (or a search term) is compared by: trimmed and lower-cased. Post names are unique by
 * this key (the database's unique index is `lower(btrim(post_name))`), and search matches it exactly.
 */
export function nameKey(name: string): string {
  return name.trim().toLowerCase();
}
