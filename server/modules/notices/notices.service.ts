import { NOTICES_SHOWN, type Notice, noticeText } from "#contract/api/notices.ts";
import { MESSAGES } from "#contract/errors.ts";
import type { Tx } from "#server/db/transaction.ts";
import { AppError } from "#server/lib/app-error.ts";
import type { Clock } from "#server/lib/clock.ts";
import type { EventBus } from "#server/lib/event-bus.ts";
import {
  createNoticesRepository,
  type NewNotice,
  type NoticeRow,
  type NoticesRepository,
} from "./notices.repository.ts";

export function toNotice({
  notice,
  visitorFirstName,
  visitorLastName,
  decision,
  appealStatus,
}: NoticeRow): Notice {
  const visitor =
    notice.visitorId && visitorFirstName !== null
      ? { id: notice.visitorId, name: `${visitorFirstName} ${visitorLastName ?? ""}`.trim() }
      : null;
  const fields = {
    kind: notice.kind,
    postName: notice.postName,
    visitor,
    tagg: notice.tagg,
    decisionId: notice.decisionId,
  };
  const text = noticeText({
    ...fields,
    outcome: notice.outcome,
    decision: decision && { ...decision, appealStatus },
  });
  return { id: notice.id, ...fields, text, createdAt: notice.createdAt.toISOString() };
}

type Deps = { noticesRepo: NoticesRepository; events: Pick<EventBus, "publish">; clock: Clock };

/**
 * In-app notices to a member: about their own posts or tagg, or a repeated-search alert about a named visitor. `add`
 * writes on the caller's transaction (so the notice commits with the change it reports); `announce` then pushes
 * it to the member's open live streams.
 */
export function createNoticesService({ noticesRepo, events, clock }: Deps) {
  return {
    // Stamped by the app's clock, as analytics events are: a live stream resumes from one position in both.
    add: (values: Omit<NewNotice, "createdAt">, tx: Tx) =>
      createNoticesRepository(tx)
        .add({ ...values, createdAt: clock.now() })
        .then(toNotice),

    announce(userId: string, notice: Notice) {
      events.publish(userId, { type: "notice", data: notice });
    },

    async listOwn(userId: string) {
      return (await noticesRepo.listOwn(userId, NOTICES_SHOWN)).map(toNotice);
    },

    /** The member's notices created at or after `since`, newest first: what a resuming live stream missed. */
    async listSince(userId: string, since: Date, limit: number) {
      return (await noticesRepo.listSince(userId, since, limit)).map(toNotice);
    },

    async dismiss(userId: string, id: string) {
      if (!(await noticesRepo.remove(userId, id))) throw new AppError("not_found", MESSAGES.notFound);
    },

    /**
     * The review of a post held for review is over (its hold lifted, or the post removed): the owner's "hidden
     * pending review" notices about it go, on the caller's transaction, so the bell no longer says it is hidden.
     * The notice that tells the outcome is added beside it.
     */
    async resolveHidden(userId: string, postName: string, tx: Tx) {
      const repo = createNoticesRepository(tx);
      await repo.removeAboutPost(userId, "post_hidden", postName);
      await repo.removeHiddenDecisionNotices(userId, postName);
    },

    /** Deletes the repeated-search alerts about a visitor, at every member, on the caller's transaction. */
    forgetAlertsAbout: (visitorId: string, tx: Tx) =>
      createNoticesRepository(tx).removeAlertsAbout(visitorId),
  };
}

export type NoticesService = ReturnType<typeof createNoticesService>;
