/**
 * Every browser-storage key the web app uses, in one place.
 * No session token is ever stored: the session is an HttpOnly cookie.
 */
export const STORAGE_KEYS = {
  /** sessionStorage: referral code from `?ref=`, sent with registration. */
  referralCode: "tagit.referralCode",
  /** sessionStorage: set after a successful password reset; suppresses the greeting popup. */
  passwordResetSuccess: "tagit.passwordResetSuccess",
  /** sessionStorage: the greeting popup was already shown in this session. */
  greetingShown: "tagit.greetingShown",
  /** localStorage: the member chose "Don't show again" on the greeting popup. */
  hideGreeting: "tagit.hideGreeting",
  /** localStorage: per-post scramble choices (post id → boolean). */
  scrambleMap: "tagit.scrambleMap",
  /** sessionStorage: flash-highlight the tagged posts grid once. */
  flashTaggedPosts: "tagit.flashTaggedPosts",
  /** localStorage: the admin session id sent as x-admin-session, shared by the browser's tabs. */
  adminSession: "tagit.adminSession",
} as const;

/** localStorage: dismissed notification ids, remembered per member. */
export function dismissedNotificationsKey(memberId: string): string {
  return `tagit.dismissedNotifications.${memberId}`;
}

/** Storage can throw (private mode, disabled storage); the app must keep working without it. */
export const safeStorage = {
  get(storage: "local" | "session", key: string): string | null {
    try {
      return (storage === "local" ? localStorage : sessionStorage).getItem(key);
    } catch {
      return null;
    }
  },
  set(storage: "local" | "session", key: string, value: string): void {
    try {
      (storage === "local" ? localStorage : sessionStorage).setItem(key, value);
    } catch {
      // Ignored: storage is a convenience, never required.
    }
  },
  remove(storage: "local" | "session", key: string): void {
    try {
      (storage === "local" ? localStorage : sessionStorage).removeItem(key);
    } catch {
      // Ignored, as above.
    }
  },
  clearAll(): void {
    try {
      localStorage.clear();
      sessionStorage.clear();
    } catch {
      // Ignored, as above.
    }
  },
};
