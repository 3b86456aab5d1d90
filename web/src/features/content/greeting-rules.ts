import type { Popup } from "#contract/api/content.ts";
import { STORAGE_KEYS, safeStorage } from "#web/lib/storage-keys.ts";

/** What the greeting depends on. */
export type GreetingFlags = {
  signedIn: boolean;
  /** sessionStorage: already shown in this browser session. */
  shownThisSession: boolean;
  /** localStorage: the member chose "Don't show again". */
  hiddenByMember: boolean;
  /** sessionStorage: the member has just reset their password. */
  afterPasswordReset: boolean;
};

/** Whether the greeting settings are worth fetching at all. Pure: unit-tested. */
export function mayGreet(flags: GreetingFlags): boolean {
  return flags.signedIn && !flags.shownThisSession && !flags.hiddenByMember && !flags.afterPasswordReset;
}

/** Whether to show the greeting once its settings are known: allowed, enabled and with something to say. */
export function shouldShowGreeting(flags: GreetingFlags, popup: Popup | undefined): boolean {
  return mayGreet(flags) && popup?.isEnabled === true && popup.content.trim().length > 0;
}

/** The browser-storage half of the flags. */
export function readGreetingStorage(): Omit<GreetingFlags, "signedIn"> {
  return {
    shownThisSession: safeStorage.get("session", STORAGE_KEYS.greetingShown) !== null,
    hiddenByMember: safeStorage.get("local", STORAGE_KEYS.hideGreeting) !== null,
    afterPasswordReset: safeStorage.get("session", STORAGE_KEYS.passwordResetSuccess) !== null,
  };
}
