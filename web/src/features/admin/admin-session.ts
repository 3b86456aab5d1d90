import { useSyncExternalStore } from "react";
import { STORAGE_KEYS, safeStorage } from "#web/lib/storage-keys.ts";

const KEY = STORAGE_KEYS.adminSession;
const listeners = new Set<() => void>();
/**
 * Kept in memory too, for a browser whose storage refuses writes: the unlock then serves this tab only and
 * ends on reload. Where storage works, storage is the truth, so a sign-out that clears it in this tab (or a
 * Lock in another) is seen at the next read.
 */
let memory: string | null = null;
let storageRefused = false;

function read(): string | null {
  return safeStorage.get("local", KEY) ?? (storageRefused ? memory : null);
}

function notify() {
  for (const listener of listeners) listener();
}

function write(next: string | null) {
  memory = next;
  if (next) {
    safeStorage.set("local", KEY, next);
    storageRefused = safeStorage.get("local", KEY) !== next;
  } else {
    safeStorage.remove("local", KEY);
  }
  notify();
}

// Another tab unlocked, locked or signed out (clearing storage, `key` null): every tab follows.
if (typeof window !== "undefined") {
  window.addEventListener("storage", (event) => {
    if (event.key === null || event.key === KEY) notify();
  });
}

/**
 * The admin session id the unlock answers, sent as `x-admin-session`. Kept in localStorage, so one unlock serves every
 * tab of the browser until Lock, sign-out or the server's idle expiry; the `storage` event carries an unlock or
 * a Lock to the other tabs at once. Holding it proves nothing: the server checks it, with the member session
 * (an HttpOnly cookie) and the role, on every call.
 */
export const adminSession = {
  get: read,
  set: (sessionId: string) => write(sessionId),
  clear: () => write(null),
  /**
   * Forgets the admin session only if it is still `sessionId`: a refusal of an older id (a request sent before
   * another tab unlocked again), or of a request sent with none, must not lock the new unlock. Answers whether
   * it cleared anything.
   */
  clearIf(sessionId: string | null): boolean {
    if (sessionId === null || read() !== sessionId) return false;
    write(null);
    return true;
  },
  subscribe(listener: () => void) {
    listeners.add(listener);
    return () => {
      listeners.delete(listener);
    };
  },
};

/** The admin session id, re-rendering when the panel unlocks, locks or the session expires, in any tab. */
export function useAdminSessionId(): string | null {
  return useSyncExternalStore(adminSession.subscribe, adminSession.get, () => null);
}
