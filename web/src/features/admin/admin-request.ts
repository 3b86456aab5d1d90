import { toast } from "sonner";
import { ApiError, apiRequest, buildApiError } from "#web/lib/api-request.ts";
import type { ApiMethod, ApiResponse, ApiUrl } from "#web/lib/api-routes.ts";
import { adminSession } from "./admin-session.ts";

export const ADMIN_SESSION_HEADER = "x-admin-session";

/** The toast when the server refuses the admin session itself. */
export const ADMIN_SESSION_EXPIRED_TOAST = {
  title: "Session Expired",
  description: "Please log in to the admin panel again.",
} as const;

/**
 * Whether the server refused the admin session itself: 403 `admin_required` ("Admin access required") is
 * answered to an admin call without a live admin session — none sent, expired after its idle time, locked in
 * another tab — or from a member who is no longer an administrator. That refusal ends the stored session; any
 * other (a recent sign-in needed, a request from another site, an answer from outside our API) is shown with
 * its message and the panel stays open (decision 081).
 */
export const isAdminSessionLost = (error: unknown): boolean =>
  error instanceof ApiError && error.code === "admin_required";

/**
 * Forgets the admin session the server refused and says so once; the panel then shows the unlock form again,
 * in every tab. A refusal of an older id (another tab has unlocked since) leaves the new unlock alone.
 */
export function expireAdminSession(refusedId: string | null) {
  if (!adminSession.clearIf(refusedId)) return;
  toast.error(ADMIN_SESSION_EXPIRED_TOAST.title, { description: ADMIN_SESSION_EXPIRED_TOAST.description });
}

/**
 * `apiRequest` for admin calls: sends the admin session, and expires it when the server refuses it. Not
 * `async`, for the reason `apiRequest` is not.
 */
export function adminRequest<M extends ApiMethod, Url extends ApiUrl<M>>(
  method: M,
  url: Url,
  body?: unknown,
  signal?: AbortSignal,
): Promise<ApiResponse<NoInfer<M>, NoInfer<Url>>> {
  const sessionId = adminSession.get();
  return apiRequest(method, url, body, {
    signal,
    headers: sessionId ? { [ADMIN_SESSION_HEADER]: sessionId } : {},
  }).catch((error: unknown) => {
    if (isAdminSessionLost(error)) expireAdminSession(sessionId);
    throw error;
  });
}

/**
 * Opens an image the server shows only to administrators (the original of a scrambled or hidden post) in a new
 * tab: the tab opens at once (so no popup blocker intervenes), the image is fetched with the admin session,
 * and the tab then shows it from an object URL. No session ever travels in a URL.
 */
export async function openAdminImage(url: string): Promise<void> {
  const tab = window.open("", "_blank");
  const sessionId = adminSession.get();
  try {
    const response = await fetch(url, {
      credentials: "include",
      headers: sessionId ? { [ADMIN_SESSION_HEADER]: sessionId } : {},
    });
    if (!response.ok) {
      const error = buildApiError(
        response.status,
        response.statusText,
        await response.text().catch(() => ""),
      );
      if (isAdminSessionLost(error)) expireAdminSession(sessionId);
      throw error;
    }
    const objectUrl = URL.createObjectURL(await response.blob());
    if (tab) tab.location.href = objectUrl;
    else window.location.assign(objectUrl);
    // The tab has loaded it by then; the URL only keeps the blob alive.
    window.setTimeout(() => URL.revokeObjectURL(objectUrl), 60_000);
  } catch (error) {
    tab?.close();
    throw error;
  }
}
