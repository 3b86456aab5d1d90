import { useSyncExternalStore } from "react";
import { STORAGE_KEYS, safeStorage } from "#web/lib/storage-keys.ts";

const listeners = new Set<() => void>();
/** Kept in memory too, so the panel still works where sessionStorage is unavailable (it then ends on reload). */
let current: string | null = safeStorage.get("session", STORAGE_KEYS.adminSession);

function change(next: string | null) {
  current = next;
  if (next) safeStorage.set("session", STORAGE_KEYS.adminSession, next);
  else safeStorage.remove("session", STORAGE_KEYS.adminSession);
  for (const listener of listeners) listener();
}

/**
 * The admin session id (spec 2 §6), kept in sessionStorage for this tab and sent as `x-admin-session`.
 * Holding it proves nothing: the server checks it, with the member session and the role, on every call.
 */
export const adminSession = {
  get: (): string | null => current,
  set: (sessionId: string) => change(sessionId),
  clear: () => change(null),
  subscribe(listener: () => void) {
    listeners.add(listener);
    return () => {
      listeners.delete(listener);
    };
  },
};

/** The admin session id, re-rendering when the panel unlocks, locks or the session expires. */
export function useAdminSessionId(): string | null {
  return useSyncExternalStore(adminSession.subscribe, adminSession.get, () => null);
}
