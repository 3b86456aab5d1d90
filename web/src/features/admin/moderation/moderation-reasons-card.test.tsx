import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { toast } from "sonner";
import { afterEach, describe, expect, it, vi } from "vitest";
import { MODERATION_MESSAGES, type ModerationReason } from "#contract/api/moderation.ts";
import { ModerationReasonsCard } from "./moderation-reasons-card.tsx";

vi.mock("sonner", () => ({ toast: { success: vi.fn(), error: vi.fn() } }));

const URL = "/api/admin/moderation-reasons";
const SPAM: ModerationReason = {
  id: "0b6e1a9e-8f4f-4c1e-9a43-5b0f3f0b7a01",
  label: "Spam or scam",
  rule: "No spam, scams, or posts meant to mislead people.",
};

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json" } });

type Call = { url: string; method: string; body: unknown };

/** The card over a fake server that keeps the reasons in memory, or answers a write with `refuse`. */
function renderCard({ refuse }: { refuse?: () => Response } = {}) {
  let reasons = [SPAM];
  const calls: Call[] = [];
  vi.stubGlobal(
    "fetch",
    vi.fn(async (url: string, init?: RequestInit) => {
      const method = init?.method ?? "GET";
      const body = init?.body ? JSON.parse(String(init.body)) : undefined;
      calls.push({ url, method, body });
      if (method === "GET") return json(reasons);
      if (refuse) return refuse();
      if (method === "POST") {
        const added = { id: "0b6e1a9e-8f4f-4c1e-9a43-5b0f3f0b7a09", ...body };
        reasons = [...reasons, added].sort((a, b) => a.label.localeCompare(b.label));
        return json(added, 201);
      }
      const id = url.slice(URL.length + 1);
      if (method === "PUT") {
        reasons = reasons.map((reason) => (reason.id === id ? { id, ...body } : reason));
        return json({ id, ...body });
      }
      reasons = reasons.filter((reason) => reason.id !== id);
      return json({ success: true });
    }),
  );
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <ModerationReasonsCard />
    </QueryClientProvider>,
  );
  return { writes: () => calls.filter((call) => call.method !== "GET") };
}

const list = () => screen.findByRole("list", { name: "Moderation reasons" });

afterEach(() => {
  vi.unstubAllGlobals();
  vi.clearAllMocks();
});

describe("the Moderation Reasons card", () => {
  it("lists each reason with its rule", async () => {
    renderCard();
    const reasons = await list();
    expect(within(reasons).getByText("Spam or scam")).toBeTruthy();
    expect(within(reasons).getByText(SPAM.rule)).toBeTruthy();
  });

  it("adds a reason: both fields are required, then the list shows it", async () => {
    const { writes } = renderCard();
    await list();
    fireEvent.click(screen.getByRole("button", { name: "Add Reason" }));
    const dialog = await screen.findByRole("dialog", { name: "Add Reason" });
    fireEvent.click(within(dialog).getByRole("button", { name: "Add Reason" }));
    await waitFor(() => expect(within(dialog).getAllByRole("alert")).toHaveLength(2));
    expect(
      within(dialog)
        .getAllByRole("alert")
        .map((alert) => alert.textContent),
    ).toEqual([MODERATION_MESSAGES.reasonLabel, MODERATION_MESSAGES.reasonRule]);
    expect(writes()).toHaveLength(0);

    fireEvent.change(within(dialog).getByLabelText("Label"), { target: { value: " Impersonation " } });
    fireEvent.change(within(dialog).getByLabelText("Rule of the terms"), {
      target: { value: "Do not pretend to be someone else." },
    });
    fireEvent.click(within(dialog).getByRole("button", { name: "Add Reason" }));

    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(writes()).toEqual([
      {
        url: URL,
        method: "POST",
        body: { label: "Impersonation", rule: "Do not pretend to be someone else." },
      },
    ]);
    expect(await within(await list()).findByText("Impersonation")).toBeTruthy();
    expect(toast.success).toHaveBeenCalledWith("Reason Added", { description: "“Impersonation” is saved." });
  });

  it("edits a reason in place", async () => {
    const { writes } = renderCard();
    fireEvent.click(within(await list()).getByRole("button", { name: "Edit reason Spam or scam" }));
    const dialog = await screen.findByRole("dialog", { name: "Edit Reason" });
    expect(within(dialog).getByLabelText<HTMLInputElement>("Label").value).toBe("Spam or scam");
    fireEvent.change(within(dialog).getByLabelText("Label"), { target: { value: "Spam" } });
    fireEvent.click(within(dialog).getByRole("button", { name: "Save Changes" }));

    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(writes()).toEqual([
      { url: `${URL}/${SPAM.id}`, method: "PUT", body: { label: "Spam", rule: SPAM.rule } },
    ]);
    expect(await within(await list()).findByText("Spam")).toBeTruthy();
  });

  it("shows the server's refusal on its field", async () => {
    renderCard({
      refuse: () =>
        json(
          {
            error: "Validation failed",
            code: "validation",
            fields: { label: MODERATION_MESSAGES.reasonLabel },
          },
          400,
        ),
    });
    fireEvent.click(within(await list()).getByRole("button", { name: "Edit reason Spam or scam" }));
    const dialog = await screen.findByRole("dialog", { name: "Edit Reason" });
    fireEvent.click(within(dialog).getByRole("button", { name: "Save Changes" }));

    expect((await within(dialog).findByRole("alert")).textContent).toBe(MODERATION_MESSAGES.reasonLabel);
    expect(within(dialog).getByLabelText("Label").getAttribute("aria-invalid")).toBe("true");
    expect(toast.error).toHaveBeenCalledWith("Error", { description: "Validation failed" });
  });

  it("deletes a reason after asking, saying decisions keep their words", async () => {
    const { writes } = renderCard();
    fireEvent.click(within(await list()).getByRole("button", { name: "Delete reason Spam or scam" }));
    const confirm = await screen.findByRole("alertdialog", { name: "Delete Reason" });
    expect(within(confirm).getByText(/decisions already taken for it keep their words/)).toBeTruthy();
    fireEvent.click(within(confirm).getByRole("button", { name: "Delete" }));

    expect(
      await screen.findByText("No reasons yet: add one before hiding or removing anything."),
    ).toBeTruthy();
    expect(writes()).toEqual([{ url: `${URL}/${SPAM.id}`, method: "DELETE", body: undefined }]);
  });

  it("says when the reasons cannot be loaded", async () => {
    vi.stubGlobal(
      "fetch",
      vi.fn(async () => json({ error: "Internal error", code: "internal" }, 500)),
    );
    render(
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <ModerationReasonsCard />
      </QueryClientProvider>,
    );
    expect(await screen.findByText("Failed to load the reasons")).toBeTruthy();
  });
});
