import type { CleanupDatabase, CleanupItem } from "#contract/api/admin-cleanup.ts";
import { CLEANUP_IDENTIFIER_LENGTH, CLEANUP_MAX_ITEMS } from "#contract/limits.ts";
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

/** The audit row's target type of each database. */
const TARGET_TYPE: Record<CleanupDatabase, string> = {
  taggs: "tagg",
  profiles: "profile",
  posts: "post",
  sessions: "session",
};

/** Thrown in a member's deletion transaction when they came back since the search: nothing is deleted. */
class NoLongerInactive extends Error {}

/**
 * The Data cleanup section. Each database's module says what is inactive and deletes it the way it always
 * deletes (a profile through the member's own deletion path, a post with its files); each deletion checks the
 * criteria again and writes one audit row per deleted item in its own transaction.
 */
export function createAdminCleanupService({ taggs, profiles, posts, sessions, auditRepoOn, clock }: Deps) {
  const cutoff = (days: number) => new Date(clock.now().getTime() - days * DAY_MS);

  const toItem = (database: CleanupDatabase, row: InactiveRow): CleanupItem => ({
    id: row.id,
    identifier: database === "posts" ? row.identifier.slice(0, CLEANUP_IDENTIFIER_LENGTH) : row.identifier,
    lastActivity: row.lastActivity.toISOString(),
    daysInactive: Math.floor((clock.now().getTime() - row.lastActivity.getTime()) / DAY_MS),
  });

  /** One audit row per deleted item, on the deletion's transaction. */
  const audit =
    (actor: AuditActor, database: CleanupDatabase, days: number): InTransaction =>
    async (tx, deleted) => {
      const log = auditRepoOn(tx);
      for (const row of deleted) {
        await log.record({
          actor,
          action: "cleanup.delete",
          targetType: TARGET_TYPE[database],
          targetId: row.id,
          summary: {
            before: { identifier: row.identifier, lastActivity: row.lastActivity.toISOString(), days },
          },
        });
      }
    };

  /** A member goes through the member's own deletion path, one at a time, if still inactive at that moment. */
  async function deleteProfiles(actor: AuditActor, ids: string[], days: number) {
    const before = cutoff(days);
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
            await audit(actor, "profiles", days)(tx, [{ id, identifier: profile.email, lastActivity }]);
          },
        });
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
      const deleted = await {
        taggs: () => taggs.deleteInactive(unique, before, audit(actor, database, days)),
        profiles: () => deleteProfiles(actor, unique, days),
        posts: () => posts.deleteInactive(unique, before, audit(actor, database, days)),
        sessions: () => sessions.deleteInactive(unique, before, audit(actor, database, days)),
      }[database]();
      return { deleted };
    },
  };
}

export type AdminCleanupService = ReturnType<typeof createAdminCleanupService>;
