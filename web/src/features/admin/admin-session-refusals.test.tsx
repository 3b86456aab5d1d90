import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { fireEvent, render, screen, waitFor } from "@testing-library/react";
import { toast } from "sonner";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { type ErrorCode, MESSAGES } from "#contract/errors.ts";
import { ADMIN_SESSION_EXPIRED_TOAST, ADMIN_SESSION_HEADER } from "./admin-request.ts";
import { adminSession } from "./admin-session.ts";
import { AiSettingsSection } from "./ai-settings/ai-settings-section.tsx";

vi.mock("sonner", () => ({ toast: { success: vi.fn(), error: vi.fn() } }));

const SESSION = "admin-session-1";
const SAVED = { isEnabled: true, allowFreeUsers: false };

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json" } });
const refusal = (code: ErrorCode, error: string) => json({ error, code }, 403);

/** The AI Settings section of an unlocked panel, its read answered with `read` and its save with `save`. */
function renderSection({ read = () => json(SAVED), save }: { read?: () => Response; save: () => Response }) {
  const fetch = vi.fn(async (_url: string, init?: RequestInit) => (init?.method === "PUT" ? save() : read()));
  vi.stubGlobal("fetch", fetch);
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <AiSettingsSection />
    </QueryClientProvider>,
  );
  return fetch;
}

const turnFreeUsersOn = async () => {
  const free = await screen.findByRole("switch", { name: "Allow free users" });
  fireEvent.click(free);
};

const sessionExpiredShown = () =>
  vi.mocked(toast.error).mock.calls.some(([title]) => title === ADMIN_SESSION_EXPIRED_TOAST.title);

beforeEach(() => adminSession.set(SESSION));

afterEach(() => {
  adminSession.clear();
  vi.unstubAllGlobals();
  vi.clearAllMocks();
});

describe("the admin panel and a refused call", () => {
  it("forgets the admin session when the server refuses it (admin_required), and says the session expired", async () => {
    const fetch = renderSection({ save: () => refusal("admin_required", MESSAGES.adminRequired) });
    await turnFreeUsersOn();

    await waitFor(() => expect(adminSession.get()).toBeNull());
    expect(fetch.mock.calls[0]?.[1]?.headers).toMatchObject({ [ADMIN_SESSION_HEADER]: SESSION });
    expect(toast.error).toHaveBeenCalledWith(ADMIN_SESSION_EXPIRED_TOAST.title, {
      description: ADMIN_SESSION_EXPIRED_TOAST.description,
    });
  });

  it("forgets it too when a read is refused that way", async () => {
    renderSection({ read: () => refusal("admin_required", MESSAGES.adminRequired), save: () => json(SAVED) });
    await waitFor(() => expect(adminSession.get()).toBeNull());
    expect(await screen.findByText("Failed to load AI settings")).toBeTruthy();
  });

  it.each([
    ["a request from another site", "forbidden_origin", MESSAGES.forbiddenOrigin],
    ["a recent sign-in needed (and not given)", "reauth_required", MESSAGES.reauthRequired],
    ["an action not allowed", "forbidden", "You cannot do that to yourself"],
  ] as const)("keeps the admin session on another 403, %s, and shows its message", async (_what, code, message) => {
    renderSection({ save: () => refusal(code, message) });
    await turnFreeUsersOn();

    await waitFor(() => expect(toast.error).toHaveBeenCalledWith("Error", { description: message }));
    expect(adminSession.get()).toBe(SESSION);
    expect(sessionExpiredShown()).toBe(false);
    // The panel stays open on the setting as it was saved.
    expect(screen.getByRole("switch", { name: "Allow free users" }).getAttribute("aria-checked")).toBe(
      "false",
    );
  });

  it("keeps it on a 403 that did not come from our API", async () => {
    renderSection({
      save: () => new Response("<h1>Forbidden</h1>", { status: 403, statusText: "Forbidden" }),
    });
    await turnFreeUsersOn();

    await waitFor(() =>
      expect(toast.error).toHaveBeenCalledWith("Error", { description: "Failed to update AI settings" }),
    );
    expect(adminSession.get()).toBe(SESSION);
    expect(sessionExpiredShown()).toBe(false);
  });
});
