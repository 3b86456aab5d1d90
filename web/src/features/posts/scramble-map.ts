import { STORAGE_KEYS, safeStorage } from "#web/lib/storage-keys.ts";

/** Post id → scramble choice, as kept in localStorage. The server's value is the truth. */
export type ScrambleMap = Record<string, boolean>;

/** Reads a stored map, dropping anything that is not a boolean entry. Pure: unit-tested. */
export function parseScrambleMap(raw: string | null): ScrambleMap {
  if (!raw) return {};
  try {
    const value: unknown = JSON.parse(raw);
    if (typeof value !== "object" || value === null || Array.isArray(value)) return {};
    return Object.fromEntries(
      Object.entries(value).filter((entry): entry is [string, boolean] => typeof entry[1] === "boolean"),
    );
  } catch {
    return {};
  }
}

/** A copy with `id` set to `scramble`, or removed when `scramble` is undefined. Pure: unit-tested. */
export function withScramble(map: ScrambleMap, id: string, scramble: boolean | undefined): ScrambleMap {
  const next = { ...map };
  if (scramble === undefined) delete next[id];
  else next[id] = scramble;
  return next;
}

export function readScrambleMap(): ScrambleMap {
  return parseScrambleMap(safeStorage.get("local", STORAGE_KEYS.scrambleMap));
}

/** Remembers (or, with undefined, forgets) one post's choice. */
export function rememberScramble(id: string, scramble: boolean | undefined): void {
  const next = withScramble(readScrambleMap(), id, scramble);
  safeStorage.set("local", STORAGE_KEYS.scrambleMap, JSON.stringify(next));
}

export function forgetAllScrambles(): void {
  safeStorage.remove("local", STORAGE_KEYS.scrambleMap);
}
