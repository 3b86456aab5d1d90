import { and, asc, count, eq, getTableColumns, inArray, isNull, lt, notExists, sql } from "drizzle-orm";
import type { ADMIN_LIST_SORTS, AdminListQuery } from "#contract/api/admin.ts";
import type { Database } from "#server/db/client.ts";
import type { InactivePage, InactiveRow } from "#server/db/inactive.ts";
import { fullName, taggSearch } from "#server/db/list-search.ts";
import { byText, type SortColumn } from "#server/db/list-sort.ts";
import { countRows, cursorAt, paginate } from "#server/db/paginate.ts";
import { type ProfileRow, profiles, taggs } from "#server/db/schema/index.ts";
import { withTransaction } from "#server/db/transaction.ts";

/** Thrown inside the claim's transaction to roll the registered tagg back. */
class MemberAlreadyHasTagg extends Error {}

export type TaggRow = typeof taggs.$inferSelect;
type TaggValues = Pick<TaggRow, "tagg" | "firstName" | "lastName" | "email"> & { reason?: string | null };
export type TaggChanges = Partial<TaggValues & { isHidden: boolean }>;

export type ClaimResult = { profile: ProfileRow } | { refused: "taken" | "already_have" };

/** The admin list's sorts (the contract's `ADMIN_LIST_SORTS.taggs`); migration 0023 indexes each. */
const taggSorts = {
  createdAt: [],
  tagg: [byText(taggs.tagg)],
  firstName: [byText(taggs.firstName), byText(taggs.lastName)],
  lastName: [byText(taggs.lastName), byText(taggs.firstName)],
  email: [byText(taggs.email)],
} satisfies Record<(typeof ADMIN_LIST_SORTS.taggs)[number], SortColumn>;

export function createTaggsRepository(db: Database) {
  /** The data cleanup's taggs: registered before `before`, and no member holds them. */
  const unheldBefore = (before: Date) =>
    and(
      lt(taggs.createdAt, before),
      notExists(db.select({ id: profiles.id }).from(profiles).where(eq(profiles.tagg, taggs.tagg))),
    );
  const inactiveColumns = { id: taggs.id, identifier: taggs.tagg, lastActivity: taggs.createdAt };

  return {
    /** Taggs no member holds, registered before `before`, oldest first. */
    async findUnheld(before: Date, limit: number): Promise<InactivePage> {
      const where = unheldBefore(before);
      const [items, total] = await Promise.all([
        db
          .select(inactiveColumns)
          .from(taggs)
          .where(where)
          .orderBy(asc(taggs.createdAt), asc(taggs.id))
          .limit(limit),
        db.select({ n: count() }).from(taggs).where(where),
      ]);
      return { items, total: total[0]?.n ?? 0 };
    },

    /** Deletes those of `ids` that still match in the same statement (a tagg claimed since stays). */
    deleteUnheld(ids: string[], before: Date): Promise<InactiveRow[]> {
      return db
        .delete(taggs)
        .where(and(inArray(taggs.id, ids), unheldBefore(before)))
        .returning(inactiveColumns);
    },

    async exists(tagg: string) {
      const [row] = await db.select({ id: taggs.id }).from(taggs).where(eq(taggs.tagg, tagg)).limit(1);
      return Boolean(row);
    },

    /**
     * The admin list, newest first or in `sort`; a search looks in the tagg (with or without "@"), the full
     * name, the e-mail and the reason. Each row carries the member holding the tagg and their subscription
     * status (null when no member holds it).
     */
    list(query: AdminListQuery) {
      return paginate({
        db,
        name: "admin_taggs",
        query,
        keys: { createdAt: taggs.createdAt, id: taggs.id },
        sorts: taggSorts,
        searchIn: [
          taggSearch(taggs.tagg),
          fullName(taggs.firstName, taggs.lastName),
          taggs.email,
          taggs.reason,
        ],
        rows: (where, limit, order) =>
          db
            .select({
              ...getTableColumns(taggs),
              subscriptionStatus: profiles.subscriptionStatus,
              holderId: profiles.id,
              holderFirstName: profiles.firstName,
              holderLastName: profiles.lastName,
              cursorAt: cursorAt(taggs.createdAt),
              cursorSort: order.cursorSort,
            })
            .from(taggs)
            .leftJoin(profiles, eq(profiles.tagg, taggs.tagg))
            .where(where)
            .orderBy(...order.by)
            .limit(limit),
        countUpTo: (where, upTo) =>
          countRows(db, db.select({ one: sql`1` }).from(taggs).where(where).limit(upTo).as("matches")),
      });
    },

    /** The member holding a tagg (names and subscription status), or undefined when no member holds it. */
    async holder(tagg: string) {
      const [row] = await db
        .select({
          id: profiles.id,
          firstName: profiles.firstName,
          lastName: profiles.lastName,
          subscriptionStatus: profiles.subscriptionStatus,
        })
        .from(profiles)
        .where(eq(profiles.tagg, tagg))
        .limit(1);
      return row;
    },

    async find(id: string): Promise<TaggRow | undefined> {
      const [row] = await db.select().from(taggs).where(eq(taggs.id, id)).limit(1);
      return row;
    },

    /** Registers a tagg; a taken one raises the database's unique violation. */
    async create(values: TaggValues): Promise<TaggRow> {
      const [row] = await db.insert(taggs).values(values).returning();
      if (!row) throw new Error("The tagg was not registered");
      return row;
    },

    /** A rename carries over to the member who holds the tagg (profiles.tagg cascades on update). */
    async update(id: string, changes: TaggChanges): Promise<TaggRow | undefined> {
      const [row] = await db.update(taggs).set(changes).where(eq(taggs.id, id)).returning();
      return row;
    },

    /** Hides the tagg from search, or shows it again. */
    async setHidden(tagg: string, hidden: boolean) {
      await db.update(taggs).set({ isHidden: hidden }).where(eq(taggs.tagg, tagg));
    },

    /** Deletes the tagg of this name. */
    async removeByName(tagg: string) {
      await db.delete(taggs).where(eq(taggs.tagg, tagg));
    },

    /** The member who held it keeps their account, without a tagg (profiles.tagg is set null). */
    async remove(id: string): Promise<TaggRow | undefined> {
      const [row] = await db.delete(taggs).where(eq(taggs.id, id)).returning();
      return row;
    },

    /**
     * Registers the tagg and gives it to a member who has none, in one transaction. Nothing is written when
     * the tagg is taken or the member got one in the meantime (a second tab); the answer says which.
     */
    /**
     * Registers a removed tagg again, as it was, to the member who held it (a reversed moderation decision). Refused
     * when someone registered the tagg meanwhile, or the member holds another one now. Call it on a transaction.
     */
    async restoreRemoved(
      userId: string,
      removed: {
        tagg: string;
        firstName: string;
        lastName: string;
        email: string;
        reason: string | null;
        isHidden: boolean;
      },
    ): Promise<"restored" | "taken" | "member_has_tagg"> {
      const [member] = await db.select({ tagg: profiles.tagg }).from(profiles).where(eq(profiles.id, userId));
      if (!member || member.tagg !== null) return "member_has_tagg";
      const [registered] = await db
        .insert(taggs)
        .values(removed)
        .onConflictDoNothing()
        .returning({ id: taggs.id });
      if (!registered) return "taken";
      await db.update(profiles).set({ tagg: removed.tagg }).where(eq(profiles.id, userId));
      return "restored";
    },

    async claim(
      user: { id: string; firstName: string; lastName: string; email: string },
      tagg: string,
    ): Promise<ClaimResult> {
      try {
        return await withTransaction(db, async (tx) => {
          const [registered] = await tx
            .insert(taggs)
            .values({
              tagg,
              firstName: user.firstName,
              lastName: user.lastName,
              email: user.email,
              reason: "Claimed by the member",
            })
            .onConflictDoNothing()
            .returning({ id: taggs.id });
          if (!registered) return { refused: "taken" } as const;
          const [updated] = await tx
            .update(profiles)
            .set({ tagg })
            .where(and(eq(profiles.id, user.id), isNull(profiles.tagg)))
            .returning();
          if (!updated) throw new MemberAlreadyHasTagg();
          return { profile: updated };
        });
      } catch (err) {
        if (err instanceof MemberAlreadyHasTagg) return { refused: "already_have" };
        throw err;
      }
    },
  };
}

export type TaggsRepository = ReturnType<typeof createTaggsRepository>;
