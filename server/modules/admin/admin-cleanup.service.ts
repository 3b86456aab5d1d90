import type { CleanupDatabase, CleanupItem } from "#contract/api/admin-cleanup.ts";
import { CLEANUP_AUDIT_IDS, CLEANUP_IDENTIFIER_LENGTH, CLEANUP_MAX_ITEMS } from "#contract/limits.ts";
import type { InactivePage, InactiveRow, InTransaction } from "#server/db/inactive.ts";
import type { Tx } from "#server/db/transaction.ts";
import type { Clock } from "#server/lib/clock.ts";
import { startOfUtcDay } from "#server/lib/days.ts";
import type { SessionsService } from "../auth/sessions.service.ts";
import type { PostsService } from "../posts/posts.service.ts";
import type { ProfileService } from "../profile/profile.service.ts";
import type { TaggsService } from "../taggs/taggs.service.ts";
import type { AuditActor, AuditRepository } from "./audit.repository.ts";

type Deps = {
  taggs: Pick<TaggsService, "findInactive" | "deleteInactive">;
  profiles: Pick<ProfileService, "findInactive" | "find" | "lock" | "delete">;
  posts: Pick<PostsService, "findInactive" | "deleteInactive">;
  sessions: Pick<SessionsService, "findInactive" | "deleteInactive">;
  auditRepoOn: (tx: Tx) => AuditRepository;
  clock: Clock;
};

const DAY_MS = 86_400_000;

/** Thrown in a member's deletion transaction when they came back since the search: nothing is deleted. */
class NoLongerInactive extends Error {}

/**
 * The Data cleanup section. Each database's module says what is inactive and deletes it the way it always
 * deletes (a profile through the member's own deletion path, a post with its files); each deletion checks the
 * criteria again. A run writes one audit row (`cleanup.run`, target the database) in the transaction of its
 * deletion: how many went and their ids (decision 055).
 */
export function createAdminCleanupService({ taggs, profiles, posts, sessions, auditRepoOn, clock }: Deps) {
  const cutoff = (days: number) => new Date(clock.now().getTime() - days * DAY_MS);

  const toItem = (database: CleanupDatabase, row: InactiveRow): CleanupItem => ({
    id: row.id,
    identifier: database === "posts" ? row.identifier.slice(0, CLEANUP_IDENTIFIER_LENGTH) : row.identifier,
    lastActivity: row.lastActivity.toISOString(),
    daysInactive: Math.floor((clock.now().getTime() - row.lastActivity.getTime()) / DAY_MS),
  });

  /**
   * The run's one audit row: the count and the ids deleted (the first CLEANUP_AUDIT_IDS, then how many more). It
   * is written in the deletion's transaction; a cleanup of profiles deletes each member in a transaction of their
   * own, and each of those brings the row up to date, so what the row says has always committed with it. A run
   * that deletes nothing writes nothing. `committed` is called once a deletion's transaction has committed.
   */
  function runAudit(actor: AuditActor, database: CleanupDatabase, days: number) {
    let committed: { rowId: string; ids: string[] } | undefined;
    let pending: typeof committed;
    const summary = (ids: string[]) => ({
      after: {
        days,
        deleted: ids.length,
        ids: ids.slice(0, CLEANUP_AUDIT_IDS),
        idsLeftOut: Math.max(0, ids.length - CLEANUP_AUDIT_IDS),
      },
    });
    const inTransaction: InTransaction = async (tx, deleted) => {
      if (deleted.length === 0) return;
      const log = auditRepoOn(tx);
      const ids = [...(committed?.ids ?? []), ...deleted.map((row) => row.id)];
      if (committed) {
        await log.amend(committed.rowId, summary(ids));
        pending = { rowId: committed.rowId, ids };
      } else {
        const row = await log.record({
          actor,
          action: "cleanup.run",
          targetType: "cleanup",
          targetId: database,
          summary: summary(ids),
        });
        pending = { rowId: row.id, ids };
      }
    };
    return {
      inTransaction,
      committed() {
        committed = pending ?? committed;
        pending = undefined;
      },
    };
  }

  /** A member goes through the member's own deletion path, one at a time, if still inactive at that moment. */
  async function deleteProfiles(actor: AuditActor, ids: string[], days: number) {
    const before = cutoff(days);
    const run = runAudit(actor, "profiles", days);
    let deleted = 0;
    for (const id of new Set(ids)) {
      if (id === actor.id) continue;
      const profile = await profiles.find(id);
      // The last active day (or the day of creation), as its UTC midnight: never finer than the day.
      const lastActivity = profile && startOfUtcDay(profile.lastActive ?? profile.createdAt);
      // Checked before the deletion starts (it ends a live subscription first) and again, locked, inside it:
      // inactive when that whole day lies before the cutoff's day.
      if (!profile || !lastActivity || lastActivity >= startOfUtcDay(before)) continue;
      try {
        await profiles.delete(profile, {
          inTransaction: async (tx) => {
            if (!(await profiles.lock(id, before, tx))) throw new NoLongerInactive();
            await run.inTransaction(tx, [{ id, identifier: profile.email, lastActivity }]);
          },
        });
        run.committed();
        deleted += 1;
      } catch (err) {
        if (!(err instanceof NoLongerInactive)) throw err;
      }
    }
    return deleted;
  }

  return {
    async search(actor: AuditActor & { id: string }, database: CleanupDatabase, days: number) {
      const before = cutoff(days);
      const page: InactivePage = await {
        taggs: () => taggs.findInactive(before, CLEANUP_MAX_ITEMS),
        profiles: () => profiles.findInactive(before, actor.id, CLEANUP_MAX_ITEMS),
        posts: () => posts.findInactive(before, CLEANUP_MAX_ITEMS),
        sessions: () => sessions.findInactive(before, CLEANUP_MAX_ITEMS),
      }[database]();
      return { items: page.items.map((row) => toItem(database, row)), total: page.total };
    },

    /** Deletes the chosen items that still match; answers how many went. */
    async delete(actor: AuditActor, database: CleanupDatabase, days: number, ids: string[]) {
      const unique = [...new Set(ids)];
      const before = cutoff(days);
      const run = runAudit(actor, database, days).inTransaction;
      const deleted = await {
        taggs: () => taggs.deleteInactive(unique, before, run),
        profiles: () => deleteProfiles(actor, unique, days),
        posts: () => posts.deleteInactive(unique, before, run),
        sessions: () => sessions.deleteInactive(unique, before, run),
      }[database]();
      return { deleted };
    },
  };
}

export type AdminCleanupService = ReturnType<typeof createAdminCleanupService>;
