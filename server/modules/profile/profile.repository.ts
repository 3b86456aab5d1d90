import { and, asc, count, eq, inArray, isNull, lte, ne, not, or, type SQL, sql } from "drizzle-orm";
import type { ADMIN_LIST_SORTS, AdminListQuery } from "#contract/api/admin.ts";
import type { AdminRole } from "#contract/api/admin-profiles.ts";
import type { Database } from "#server/db/client.ts";
import type { InactivePage } from "#server/db/inactive.ts";
import { fullName, taggSearch } from "#server/db/list-search.ts";
import { byText, type SortColumn } from "#server/db/list-sort.ts";
import { countRows, cursorAt, paginate } from "#server/db/paginate.ts";
import { type ProfileRow, profiles, uploads } from "#server/db/schema/index.ts";
import type { ColumnsOf } from "#server/db/schema/table-owners.ts";
import { startOfUtcDay, utcDay } from "#server/lib/days.ts";

/**
 * A member's last active day (UTC): `lastActive` (any signed-in request), or the day of their creation before
 * their first. A day, never a time: the cleanup cannot tell when in the day a member came.
 */
const lastActiveDay = sql`coalesce(${profiles.lastActive}, (${profiles.createdAt} at time zone 'UTC')::date)`;
/** Inactive since `before`: the whole last active day lies before the cutoff's day. */
const inactiveSince = (before: Date) => sql`${lastActiveDay} < ${utcDay(before)}::date`;

/**
 * Who holds the administrator role, as the app decides it for a signed-in member: `role = admin`, or a verified
 * address the server's ADMIN_EMAILS lists.
 */
function administrators(adminEmails: ReadonlySet<string>): SQL {
  const byRole = eq(profiles.role, "admin");
  if (adminEmails.size === 0) return byRole;
  return (
    or(byRole, and(eq(profiles.emailVerified, true), inArray(profiles.email, [...adminEmails]))) ?? byRole
  );
}

/** The columns of a member's row this module sets (decision 080); the others belong to other modules. */
export type ProfileChanges = Partial<Pick<typeof profiles.$inferInsert, ColumnsOf<"profiles", "profile">>>;

/** The Profiles list's role filter, with the ADMIN_EMAILS the server reads at start-up. */
export type ProfileListFilter = { role?: AdminRole; adminEmails: ReadonlySet<string> };

const roleFilter = ({ role, adminEmails }: ProfileListFilter) =>
  role === undefined
    ? undefined
    : role === "admin"
      ? administrators(adminEmails)
      : not(administrators(adminEmails));

/**
 * The admin list's sorts (the contract's `ADMIN_LIST_SORTS.profiles`); migration 0023 indexes each with
 * (created_at, id). A member never active sorts as the longest inactive.
 */
const profileSorts = {
  createdAt: [],
  tagg: [byText(sql`coalesce(${profiles.tagg}, '')`)],
  displayName: [byText(profiles.firstName), byText(profiles.lastName)],
  lastName: [byText(profiles.lastName), byText(profiles.firstName)],
  email: [byText(profiles.email)],
  lastActive: [{ by: sql`coalesce(${profiles.lastActive}, '-infinity'::date)`, type: "date" }],
} satisfies Record<(typeof ADMIN_LIST_SORTS.profiles)[number], SortColumn>;

export function createProfileRepository(db: Database) {
  return {
    /**
     * Members not active since `before` (other than `exceptId`), longest inactive first; their last activity is
     * the midnight (UTC) that starts their last active day.
     */
    async findInactive(before: Date, exceptId: string, limit: number): Promise<InactivePage> {
      const where = and(inactiveSince(before), ne(profiles.id, exceptId));
      const [rows, total] = await Promise.all([
        db
          .select({
            id: profiles.id,
            identifier: profiles.email,
            day: sql<string>`to_char(${lastActiveDay}, 'YYYY-MM-DD')`,
          })
          .from(profiles)
          .where(where)
          .orderBy(asc(lastActiveDay), asc(profiles.id))
          .limit(limit),
        db.select({ n: count() }).from(profiles).where(where),
      ]);
      const items = rows.map(({ day, ...row }) => ({ ...row, lastActivity: startOfUtcDay(day) }));
      return { items, total: total[0]?.n ?? 0 };
    },

    /**
     * Whether the member still exists (and, with `inactiveBefore`, is still inactive since then), locking their
     * row until the transaction ends, so a sign-in now waits for the deletion instead of slipping past the check.
     */
    async lock(id: string, inactiveBefore?: Date): Promise<boolean> {
      const rows = await db
        .select({ id: profiles.id })
        .from(profiles)
        .where(and(eq(profiles.id, id), inactiveBefore ? inactiveSince(inactiveBefore) : undefined))
        .for("update");
      return rows.length > 0;
    },

    async findById(id: string): Promise<ProfileRow | undefined> {
      const [row] = await db.select().from(profiles).where(eq(profiles.id, id)).limit(1);
      return row;
    },

    async findByTagg(tagg: string): Promise<ProfileRow | undefined> {
      const [row] = await db.select().from(profiles).where(eq(profiles.tagg, tagg)).limit(1);
      return row;
    },

    /**
     * The admin list, newest first or in `sort`; a search looks in the tagg (with or without "@"), the full
     * name, the e-mail and the bio.
     */
    list(query: AdminListQuery, filter?: ProfileListFilter) {
      return paginate({
        db,
        name: "admin_profiles",
        query,
        keys: { createdAt: profiles.createdAt, id: profiles.id },
        filter: filter && roleFilter(filter),
        sorts: profileSorts,
        searchIn: [
          taggSearch(profiles.tagg),
          fullName(profiles.firstName, profiles.lastName),
          profiles.email,
          profiles.bio,
        ],
        rows: (where, limit, order) =>
          db
            .select({
              id: profiles.id,
              tagg: profiles.tagg,
              firstName: profiles.firstName,
              lastName: profiles.lastName,
              email: profiles.email,
              pendingEmail: profiles.pendingEmail,
              bio: profiles.bio,
              ipAddress: profiles.ipAddress,
              subscriptionStatus: profiles.subscriptionStatus,
              lastActive: profiles.lastActive,
              emailVerified: profiles.emailVerified,
              role: profiles.role,
              createdAt: profiles.createdAt,
              cursorAt: cursorAt(profiles.createdAt),
              cursorSort: order.cursorSort,
            })
            .from(profiles)
            .where(where)
            .orderBy(...order.by)
            .limit(limit),
        countUpTo: (where, upTo) =>
          countRows(db, db.select({ one: sql`1` }).from(profiles).where(where).limit(upTo).as("matches")),
      });
    },

    /**
     * Every administrator's id, their rows locked until the transaction ends: two administrators removing each
     * other's role at once take turns, so the second sees the first's change and the last one stays.
     */
    async lockAdministrators(adminEmails: ReadonlySet<string>): Promise<string[]> {
      const rows = await db
        .select({ id: profiles.id })
        .from(profiles)
        .where(administrators(adminEmails))
        .orderBy(asc(profiles.id))
        .for("update");
      return rows.map((row) => row.id);
    },

    /** Every administrator's id (the stored role, or an address ADMIN_EMAILS names), without locking. */
    async administrators(adminEmails: ReadonlySet<string>): Promise<string[]> {
      const rows = await db.select({ id: profiles.id }).from(profiles).where(administrators(adminEmails));
      return rows.map((row) => row.id);
    },

    async findByEmail(email: string) {
      const [row] = await db.select().from(profiles).where(eq(profiles.email, email)).limit(1);
      return row;
    },

    async update(id: string, values: ProfileChanges) {
      const [row] = await db.update(profiles).set(values).where(eq(profiles.id, id)).returning();
      return row;
    },

    /**
     * Takes the member's data export for `now` when their previous one began at or before `since` (or never):
     * one conditional update, so two requests at once cannot both take it. True when taken.
     */
    async startDataExport(id: string, now: Date, since: Date): Promise<boolean> {
      const rows = await db
        .update(profiles)
        .set({ dataExportStartedAt: now })
        .where(
          and(
            eq(profiles.id, id),
            or(isNull(profiles.dataExportStartedAt), lte(profiles.dataExportStartedAt, since)),
          ),
        )
        .returning({ id: profiles.id });
      return rows.length > 0;
    },

    async dataExportStartedAt(id: string): Promise<Date | null> {
      const [row] = await db
        .select({ at: profiles.dataExportStartedAt })
        .from(profiles)
        .where(eq(profiles.id, id))
        .limit(1);
      return row?.at ?? null;
    },

    /** Forgets the export that began at `startedAt`, unless a later one has begun since. */
    async forgetDataExport(id: string, startedAt: Date) {
      await db
        .update(profiles)
        .set({ dataExportStartedAt: null })
        .where(and(eq(profiles.id, id), eq(profiles.dataExportStartedAt, startedAt)));
    },

    /** The paths of the member's stored files, to delete once their rows are gone. */
    async storedFilesOf(id: string): Promise<string[]> {
      const files = await db
        .select({
          original: uploads.originalPath,
          scrambled: uploads.scrambledPath,
          thumbnail: uploads.thumbnailPath,
        })
        .from(uploads)
        .where(eq(uploads.userId, id));
      return files.flatMap((f) =>
        [f.original, f.scrambled, f.thumbnail].filter((p): p is string => Boolean(p)),
      );
    },
  };
}

export type ProfileRepository = ReturnType<typeof createProfileRepository>;
