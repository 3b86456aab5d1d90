import type { ModerationReasonBody } from "#contract/api/moderation.ts";
import type { Transact, Tx } from "#server/db/transaction.ts";
import { AppError } from "#server/lib/app-error.ts";
import type { ModerationService } from "../moderation/moderation.service.ts";
import type { AuditActor, AuditRepository } from "./audit.repository.ts";

type Deps = {
  transact: Transact;
  moderation: Pick<ModerationService, "reasons" | "reasonsOn">;
  auditRepoOn: (tx: Tx) => AuditRepository;
};

const notFound = () => new AppError("not_found", "Reason not found");

/**
 * The panel's list of moderation reasons. Every change is audited; decisions already taken keep the words of
 * their reason, so editing or deleting one never rewrites a statement a member was given.
 */
export function createAdminReasonsService({ transact, moderation, auditRepoOn }: Deps) {
  return {
    list: () => moderation.reasons(),

    create: (actor: AuditActor, body: ModerationReasonBody) =>
      transact(async (tx) => {
        const reason = await moderation.reasonsOn(tx).create(body);
        await auditRepoOn(tx).record({
          actor,
          action: "moderation-reason.create",
          targetType: "moderation-reason",
          targetId: reason.id,
          summary: { after: body },
        });
        return reason;
      }),

    update: (actor: AuditActor, id: string, body: ModerationReasonBody) =>
      transact(async (tx) => {
        const repo = moderation.reasonsOn(tx);
        const before = await repo.find(id);
        if (!before) throw notFound();
        const reason = await repo.update(id, body);
        if (!reason) throw notFound();
        await auditRepoOn(tx).record({
          actor,
          action: "moderation-reason.update",
          targetType: "moderation-reason",
          targetId: id,
          summary: { before: { label: before.label, rule: before.rule }, after: body },
        });
        return reason;
      }),

    remove: (actor: AuditActor, id: string) =>
      transact(async (tx) => {
        const removed = await moderation.reasonsOn(tx).remove(id);
        if (!removed) throw notFound();
        await auditRepoOn(tx).record({
          actor,
          action: "moderation-reason.delete",
          targetType: "moderation-reason",
          targetId: id,
          summary: { before: { label: removed.label, rule: removed.rule } },
        });
      }),
  };
}

export type AdminReasonsService = ReturnType<typeof createAdminReasonsService>;
