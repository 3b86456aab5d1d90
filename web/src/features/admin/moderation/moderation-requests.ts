import type { AppealDecisionBody, ModerationReasonBody, RestrictionBody } from "#contract/api/moderation.ts";
import { adminRequest } from "../admin-request.ts";
import { ADMIN_URLS } from "../admin-urls.ts";

/** The moderation routes the panel calls: the reasons, hiding a post, and the appeals queue. */
export const moderationRequests = {
  reasons: (signal?: AbortSignal) => adminRequest("GET", ADMIN_URLS.moderationReasons, undefined, signal),
  createReason: (body: ModerationReasonBody) => adminRequest("POST", ADMIN_URLS.moderationReasons, body),
  updateReason: (id: string, body: ModerationReasonBody) =>
    adminRequest("PUT", `${ADMIN_URLS.moderationReasons}/${id}`, body),
  deleteReason: (id: string) => adminRequest("DELETE", `${ADMIN_URLS.moderationReasons}/${id}`),
  hidePost: (id: string, body: RestrictionBody) =>
    adminRequest("POST", `${ADMIN_URLS.taggedPosts}/${id}/hide`, body),
  decideAppeal: (id: string, body: AppealDecisionBody) =>
    adminRequest("POST", `${ADMIN_URLS.appeals}/${id}`, body),
};
