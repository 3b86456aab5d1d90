import type { ListPage } from "#contract/api/admin.ts";
import type {
  AdminAppeal,
  AppealDecisionBody,
  ModerationReason,
  ModerationReasonBody,
  RestrictionBody,
} from "#contract/api/moderation.ts";
import type { ApiMethod } from "#web/lib/api-routes.ts";
import { adminRequest } from "../admin-request.ts";
import { ADMIN_URLS } from "../admin-urls.ts";

/**
 * An admin call to a route of issue 44 that `contract/api-responses.ts` does not list yet, its answer typed from
 * the contract's schema here instead of by its address. Once the contract lists these routes, each function
 * below becomes a plain `adminRequest` call (and the reasons list an `adminQuery`).
 */
function unlistedRequest<T>(method: ApiMethod, url: string, body?: unknown, signal?: AbortSignal) {
  return adminRequest(method, url as never, body, signal) as unknown as Promise<T>;
}

const reasonUrl = (id: string) => `${ADMIN_URLS.moderationReasons}/${id}`;

/** The moderation routes the panel calls: the reasons, hiding a post, and the appeals queue. */
export const moderationRequests = {
  reasons: (signal?: AbortSignal) =>
    unlistedRequest<ModerationReason[]>("GET", ADMIN_URLS.moderationReasons, undefined, signal),
  createReason: (body: ModerationReasonBody) =>
    unlistedRequest<ModerationReason>("POST", ADMIN_URLS.moderationReasons, body),
  updateReason: (id: string, body: ModerationReasonBody) =>
    unlistedRequest<ModerationReason>("PUT", reasonUrl(id), body),
  deleteReason: (id: string) => unlistedRequest<{ success: true }>("DELETE", reasonUrl(id)),
  hidePost: (id: string, body: RestrictionBody) =>
    unlistedRequest<{ success: true }>("POST", `${ADMIN_URLS.taggedPosts}/${id}/hide`, body),
  /** A page of the appeals queue at `url` (`adminListUrl(ADMIN_URLS.appeals, …)`). */
  appeals: (url: string, signal?: AbortSignal) =>
    unlistedRequest<ListPage<AdminAppeal>>("GET", url, undefined, signal),
  decideAppeal: (id: string, body: AppealDecisionBody) =>
    unlistedRequest<AdminAppeal>("POST", `${ADMIN_URLS.appeals}/${id}`, body),
};
