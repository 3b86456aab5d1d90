import { z } from "zod";
import { ADMIN_LIST_DEFAULT_LIMIT, ADMIN_LIST_MAX_LIMIT } from "../limits.ts";
import { authenticationResponseSchema, secondFactorCodeSchema } from "./second-factor.ts";
import { timestampSchema } from "./timestamps.ts";

/**
 * The unlock: the password again, and the second factor — a code from the app (or a recovery code) or a passkey
 * answering `POST /api/auth/passkeys/options {purpose: "authenticate"}`.
 */
export const adminSessionBodySchema = z.strictObject({
  password: z.string({ error: "Password is required" }).min(1, { error: "Password is required" }).max(200),
  code: secondFactorCodeSchema.optional(),
  passkey: authenticationResponseSchema.optional(),
});
export type AdminSessionBody = z.input<typeof adminSessionBodySchema>;
/** The admin session's id: sent back as the `x-admin-session` header on every /api/admin call. */
export const adminSessionResponseSchema = z.object({ sessionId: z.string() });
export type AdminSessionResponse = z.infer<typeof adminSessionResponseSchema>;
/** GET /api/admin/session: the admin session the request carries is live (anything else is refused). */
export const adminSessionStatusSchema = z.object({ valid: z.literal(true) });

/** The query every admin list takes: a case-insensitive search, a page size and an opaque cursor. */
export const adminListQuerySchema = z.strictObject({
  search: z.string().trim().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(ADMIN_LIST_MAX_LIMIT).default(ADMIN_LIST_DEFAULT_LIMIT),
  cursor: z.string().max(500).optional(),
});

export const ADMIN_LIST_ORDERS = ["asc", "desc"] as const;
export type AdminListOrder = (typeof ADMIN_LIST_ORDERS)[number];

/**
 * The columns each admin list sorts by on the server (`sort=<column>`), named as the web's table columns. A
 * list without `sort` keeps its own order: newest first, the report queue by triage (hidden pending review
 * first, then the most counted reports, then the most recently reported).
 */
export const ADMIN_LIST_SORTS = {
  taggs: ["createdAt", "tagg", "firstName", "lastName", "email"],
  profiles: ["createdAt", "tagg", "displayName", "lastName", "email", "lastActive"],
  taggedPosts: ["createdAt", "postName"],
  costs: ["createdAt", "date", "service", "category", "amount"],
  reportedPosts: ["postName", "userEmail", "countedReports", "lastReportedAt"],
  auditLog: ["createdAt", "action", "actor"],
} as const;

/**
 * The query of an admin list that sorts on the server: the common query, plus one of the list's `columns` and
 * a direction (`order` alone turns the list's own order around). The cursor of a page belongs to its sort.
 */
export function sortedListQuerySchema<const Columns extends readonly [string, ...string[]]>(
  columns: Columns,
) {
  return adminListQuerySchema.extend({
    sort: z
      .enum(columns, { error: `Sort by one of: ${columns.join(", ")}` })
      .optional()
      .describe(`The column to sort by, across the whole list: ${columns.join(", ")}`),
    order: z
      .enum(ADMIN_LIST_ORDERS, { error: "Order is asc or desc" })
      .optional()
      .describe(
        "asc or desc (desc when left out); rows that tie follow their creation time in the same direction",
      ),
  });
}

/** What every admin list's repository is given: the common query, with the sort its own schema allowed. */
export type AdminListQuery = z.infer<typeof adminListQuerySchema> & { sort?: string; order?: AdminListOrder };

/**
 * One page of an admin list. `total` is how many rows match, counted up to ADMIN_LIST_TOTAL_CAP; `totalCapped`
 * says more than that match (show "1,000+").
 */
export type ListPage<T> = { items: T[]; total: number; totalCapped: boolean; nextCursor: string | null };

/**
 * Every admin list answers one page: the items, how many match the search in all (up to a cap, `totalCapped`
 * when more do), and the next page's cursor.
 */
export const listResponse = <T extends z.ZodType>(item: T) =>
  z.object({
    items: z.array(item),
    total: z.number().int(),
    totalCapped: z.boolean(),
    nextCursor: z.string().nullable(),
  });

export const auditLogItemSchema = z.object({
  id: z.string(),
  createdAt: timestampSchema,
  actor: z.object({ id: z.string().nullable(), firstName: z.string(), lastName: z.string() }),
  action: z.string(),
  targetType: z.string(),
  targetId: z.string(),
  summary: z.object({
    before: z.record(z.string(), z.unknown()).optional(),
    after: z.record(z.string(), z.unknown()).optional(),
  }),
});
export type AuditLogItem = z.infer<typeof auditLogItemSchema>;
export type AuditSummary = AuditLogItem["summary"];
export const auditLogResponseSchema = listResponse(auditLogItemSchema);

/** The Audit Log's own filters beside the search: one actor, one action, a date range (inclusive, UTC days). */
export const auditLogQuerySchema = sortedListQuerySchema(ADMIN_LIST_SORTS.auditLog).extend({
  actorId: z.uuid({ error: "Invalid actor" }).optional(),
  action: z.string().trim().max(100).optional(),
  from: z.iso.date({ error: "Invalid date" }).optional(),
  to: z.iso.date({ error: "Invalid date" }).optional(),
});
export type AuditLogQuery = z.infer<typeof auditLogQuerySchema>;

/** What the filters can choose from: everyone who has written to the log, and every action recorded. */
export const auditLogFacetsSchema = z.object({
  actors: z.array(z.object({ id: z.string(), firstName: z.string(), lastName: z.string() })),
  actions: z.array(z.string()),
});
export type AuditLogFacets = z.infer<typeof auditLogFacetsSchema>;
