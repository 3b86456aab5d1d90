import { afterEach, describe, expect, it, vi } from "vitest";

const KEY = "tagit.adminSession";

/** One browser's localStorage, shared by its tabs. */
class MemoryStorage {
  private readonly items = new Map<string, string>();
  getItem = (key: string) => this.items.get(key) ?? null;
  setItem = (key: string, value: string) => void this.items.set(key, String(value));
  removeItem = (key: string) => void this.items.delete(key);
  clear = () => this.items.clear();
}

/** A tab: its own window (where `storage` events arrive) and its own copy of the module, on the shared storage. */
async function openTab(storage: Storage | MemoryStorage) {
  vi.resetModules();
  const window = new EventTarget();
  vi.stubGlobal("window", window);
  vi.stubGlobal("localStorage", storage);
  vi.stubGlobal("sessionStorage", new MemoryStorage());
  const { adminSession } = await import("./admin-session.ts");
  const renders = vi.fn();
  adminSession.subscribe(renders);
  /** What the browser does in this tab when another tab changes the storage (`key` null for a clear). */
  const storageEvent = (key: string | null) =>
    window.dispatchEvent(Object.assign(new Event("storage"), { key }));
  return { adminSession, renders, storageEvent };
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("the admin session shared by a browser's tabs", () => {
  it("an unlock in one tab opens the panel in the others, and a Lock locks them all", async () => {
    const storage = new MemoryStorage();
    const first = await openTab(storage);
    const second = await openTab(storage);

    first.adminSession.set("admin-1");
    second.storageEvent(KEY);
    expect(second.renders).toHaveBeenCalledTimes(1);
    expect(second.adminSession.get()).toBe("admin-1");
    // A tab opened later needs no unlock either.
    expect((await openTab(storage)).adminSession.get()).toBe("admin-1");

    second.adminSession.clear();
    first.storageEvent(KEY);
    expect(first.renders).toHaveBeenCalledTimes(2);
    expect(first.adminSession.get()).toBeNull();
  });

  it("ends in every tab when signing out clears the browser's storage", async () => {
    const storage = new MemoryStorage();
    const first = await openTab(storage);
    const second = await openTab(storage);
    first.adminSession.set("admin-1");
    storage.clear();
    second.storageEvent(null);
    expect(second.renders).toHaveBeenCalledTimes(1);
    expect(second.adminSession.get()).toBeNull();
    // The tab that signed out reads the storage too: nothing is left to send.
    expect(first.adminSession.get()).toBeNull();
  });

  it("ignores other keys' changes", async () => {
    const tab = await openTab(new MemoryStorage());
    tab.storageEvent("tagit.scrambleMap");
    expect(tab.renders).not.toHaveBeenCalled();
  });

  it("forgets a refused id only while it is still the current one", async () => {
    const storage = new MemoryStorage();
    const first = await openTab(storage);
    const second = await openTab(storage);
    first.adminSession.set("old");
    // Another tab unlocked again before the refusal of the old id came back.
    second.adminSession.set("new");
    expect(first.adminSession.clearIf("old")).toBe(false);
    expect(first.adminSession.clearIf(null)).toBe(false);
    expect(first.adminSession.get()).toBe("new");
    expect(first.adminSession.clearIf("new")).toBe(true);
    expect(second.adminSession.get()).toBeNull();
  });

  it("still works in a tab whose storage refuses writes, until it reloads", async () => {
    const refusing = new MemoryStorage();
    refusing.setItem = () => {
      throw new Error("QuotaExceededError");
    };
    const tab = await openTab(refusing);
    tab.adminSession.set("admin-1");
    expect(tab.adminSession.get()).toBe("admin-1");
    tab.adminSession.clear();
    expect(tab.adminSession.get()).toBeNull();
  });
});
