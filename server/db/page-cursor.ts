import type { AdminListOrder } from "#contract/api/admin.ts";
import { AppError } from "#server/lib/app-error.ts";
import type { Sort, SortPart } from "./list-sort.ts";

/**
 * Where a page ends, in the order it was read in: the sort (`s`, "" for the list's own order), its direction
 * (`o`) and the last row's keys — its sort values as text (`v`) and its creation time (`at`, keeping the
 * database's microseconds, which a JS Date would lose) and id.
 */
export type Cursor = { s: string; o: AdminListOrder; v: string[]; at: string; id: string };

export const encodeCursor = (cursor: Cursor) => Buffer.from(JSON.stringify(cursor)).toString("base64url");

/** A value the database reads back as the key's type: a tampered cursor is refused, not a database error. */
const validValue: Record<SortPart["type"], (value: string) => boolean> = {
  text: (value) => value.length <= 1_000,
  int: (value) => /^-?\d{1,10}$/.test(value),
  bigint: (value) => /^-?\d{1,19}$/.test(value),
  date: (value) => /^-?infinity$/.test(value) || /^\d{4}-\d{2}-\d{2}$/.test(value),
  timestamptz: (value) =>
    /^-?infinity$/.test(value) ||
    /^\d{4}-\d{2}-\d{2}[ T]\d{2}:\d{2}:\d{2}(\.\d{1,6})?([+-]\d{2}(:?\d{2})?|Z)?$/.test(value),
  bool: (value) => value === "true" || value === "false",
};

/**
 * A cursor of this list's page in this sort. A cursor without `s`, `o` or `v` (as they were before lists sorted)
 * is one of the list's own order, newest first.
 */
export function decodeCursor(value: string, sort: Sort): Cursor {
  try {
    const parsed: unknown = JSON.parse(Buffer.from(value, "base64url").toString("utf8"));
    if (parsed && typeof parsed === "object" && "at" in parsed && "id" in parsed) {
      const { at, id } = parsed;
      const s = "s" in parsed ? parsed.s : "";
      const o = "o" in parsed ? parsed.o : "desc";
      const v = "v" in parsed ? parsed.v : [];
      if (
        typeof at === "string" &&
        typeof id === "string" &&
        !Number.isNaN(Date.parse(at)) &&
        /^[0-9a-f-]{36}$/i.test(id) &&
        s === sort.name &&
        o === sort.order &&
        Array.isArray(v) &&
        v.length === sort.parts.length &&
        v.every((item, i) => typeof item === "string" && validValue[sort.parts[i]?.type ?? "text"](item))
      ) {
        return { s, o: sort.order, v: v as string[], at, id };
      }
    }
  } catch {
    // falls through to the refusal
  }
  throw new AppError("validation", "Invalid cursor", { cursor: "Invalid cursor" });
}
