import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { toast } from "sonner";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { type AdminAppeal, MODERATION_MESSAGES } from "#contract/api/moderation.ts";
import { AppealsQueue } from "./appeals-queue.tsx";

vi.mock("sonner", () => ({ toast: { success: vi.fn(), error: vi.fn() } }));

const ADA = { id: "a1", firstName: "Ada", lastName: "Admin" };
const GRACE = { id: "a2", firstName: "Grace", lastName: "Admin" };

const APPEAL: AdminAppeal = {
  id: "5f1c9a1e-2d4b-4f7a-9a43-5b0f3f0b7a01",
  text: "It is my own photograph of my own street.",
  status: "open",
  createdAt: "2026-11-20T10:00:00.000Z",
  decidedAt: null,
  outcomeText: null,
  member: { id: "m1", firstName: "Bea", lastName: "Poster", tagg: "bea" },
  decision: {
    id: "d1",
    kind: "post_hidden",
    subject: { postName: "sunset" },
    reason: {
      label: "Private information",
      rule: "Never share someone's private information.",
      text: "A house number shows.",
    },
    automatic: false,
    decidedAt: "2026-11-19T09:30:00.000Z",
    appealableUntil: "2027-05-19T09:30:00.000Z",
    liftedAt: null,
    decidedBy: ADA,
  },
  decidedBy: null,
  mayDecide: true,
  decidableBy: "An administrator other than Ada Admin",
};
const NAME = "Bea Poster's appeal about “sunset”";

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json" } });
const page = (items: AdminAppeal[]) =>
  json({ items, total: items.length, totalCapped: false, nextCursor: null });

type Call = { url: string; method: string; body: unknown };

/** The queue over a fake server: `list` answers each GET, `decide` each POST. */
function renderQueue({
  list = () => page([APPEAL]),
  decide = (body) => json({ ...APPEAL, status: body.outcome, outcomeText: body.text, decidedBy: GRACE }),
}: {
  list?: (url: string) => Response;
  decide?: (body: { outcome: string; text: string }) => Response;
} = {}) {
  const calls: Call[] = [];
  vi.stubGlobal(
    "fetch",
    vi.fn(async (url: string, init?: RequestInit) => {
      const method = init?.method ?? "GET";
      const body = init?.body ? JSON.parse(String(init.body)) : undefined;
      calls.push({ url, method, body });
      return method === "GET" ? list(url) : decide(body);
    }),
  );
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <AppealsQueue />
    </QueryClientProvider>,
  );
  return {
    reads: () => calls.filter((call) => call.method === "GET").map((call) => call.url),
    writes: () => calls.filter((call) => call.method !== "GET"),
  };
}

const table = () => screen.findByRole("table", { name: "Appeals" });

beforeEach(() =>
  // A desktop under 1536 px: Status is in each row's Details.
  vi.stubGlobal(
    "matchMedia",
    (query: string) =>
      ({
        matches: false,
        media: query,
        addEventListener: () => {},
        removeEventListener: () => {},
      }) as unknown as MediaQueryList,
  ),
);

afterEach(() => {
  vi.unstubAllGlobals();
  vi.clearAllMocks();
});

describe("the Appeals queue", () => {
  it("lists the open appeals: the member, the decision as they were told it, their appeal and who may decide", async () => {
    const { reads } = renderQueue();
    const rows = await table();
    expect(reads()[0]).toBe("/api/admin/appeals?status=open");
    for (const text of [
      "Bea Poster",
      "@bea",
      "Post hidden pending review",
      "Private information",
      "Rule: Never share someone's private information.",
      "“A house number shows.”",
      APPEAL.text,
    ]) {
      expect(within(rows).getByText(text)).toBeTruthy();
    }
    expect(within(rows).getByText(/^By Ada Admin, /)).toBeTruthy();
    expect(within(rows).getByText("An administrator other than Ada Admin")).toBeTruthy();
    fireEvent.click(within(rows).getByRole("button", { name: `Details of ${NAME}` }));
    expect(within(rows).getAllByText("Open").length).toBeGreaterThan(0);
    expect(within(rows).getByRole("button", { name: `Uphold ${NAME}` })).toHaveProperty("disabled", false);
    expect(within(rows).getByRole("button", { name: `Reverse ${NAME}` })).toHaveProperty("disabled", false);
  });

  it("says an automatic decision was the threshold's", async () => {
    renderQueue({
      list: () => page([{ ...APPEAL, decision: { ...APPEAL.decision, automatic: true, decidedBy: null } }]),
    });
    expect(within(await table()).getByText(/^Automatic: the reports reached the threshold, /)).toBeTruthy();
  });

  it("disables Uphold and Reverse on an appeal against the caller's own decision, and says why", async () => {
    renderQueue({ list: () => page([{ ...APPEAL, mayDecide: false }]) });
    const rows = await table();
    const uphold = within(rows).getByRole("button", { name: `Uphold ${NAME}` });
    expect(uphold).toHaveProperty("disabled", true);
    expect(within(rows).getByRole("button", { name: `Reverse ${NAME}` })).toHaveProperty("disabled", true);
    const why = within(rows).getByText(`Not you: ${MODERATION_MESSAGES.ownDecision.toLowerCase()}.`);
    expect(uphold.getAttribute("aria-describedby")).toBe(why.id);
  });

  it("reverses a decision only with words for the member, then shows the queue again", async () => {
    let decided = false;
    const { reads, writes } = renderQueue({
      list: () => page(decided ? [] : [APPEAL]),
      decide: (body) => {
        decided = true;
        return json({ ...APPEAL, status: body.outcome, outcomeText: body.text, decidedBy: GRACE });
      },
    });
    fireEvent.click(within(await table()).getByRole("button", { name: `Reverse ${NAME}` }));
    const dialog = await screen.findByRole("dialog", { name: "Reverse the Decision" });
    expect(within(dialog).getByText(APPEAL.text)).toBeTruthy();
    const submit = within(dialog).getByRole("button", { name: "Reverse Decision" });
    fireEvent.click(submit);
    expect((await within(dialog).findByRole("alert")).textContent).toBe(MODERATION_MESSAGES.outcomeText);
    expect(writes()).toHaveLength(0);

    fireEvent.change(within(dialog).getByLabelText("Explain the outcome (sent to the member)"), {
      target: { value: " The address is not readable. " },
    });
    fireEvent.click(submit);

    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(writes()).toEqual([
      {
        url: `/api/admin/appeals/${APPEAL.id}`,
        method: "POST",
        body: { outcome: "reversed", text: "The address is not readable." },
      },
    ]);
    expect(await screen.findByText("No open appeals.")).toBeTruthy();
    expect(reads().filter((url) => url === "/api/admin/appeals?status=open").length).toBeGreaterThan(1);
    expect(toast.success).toHaveBeenCalledWith("Decision Reversed", {
      description: "What was taken is restored; Bea Poster is told.",
    });
  });

  it("says so when another administrator decided it first, closes, and shows the queue as it is", async () => {
    const { reads } = renderQueue({
      decide: () => json({ error: MODERATION_MESSAGES.appealDecided, code: "appeal_decided" }, 409),
    });
    fireEvent.click(within(await table()).getByRole("button", { name: `Uphold ${NAME}` }));
    const dialog = await screen.findByRole("dialog", { name: "Uphold the Decision" });
    fireEvent.change(within(dialog).getByLabelText("Explain the outcome (sent to the member)"), {
      target: { value: "The rule was broken." },
    });
    fireEvent.click(within(dialog).getByRole("button", { name: "Uphold Decision" }));

    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(toast.error).toHaveBeenCalledWith("Error", { description: MODERATION_MESSAGES.appealDecided });
    await waitFor(() => expect(reads().length).toBeGreaterThan(1));
  });

  it("filters by status on the server", async () => {
    const { reads } = renderQueue({
      list: (url) =>
        page(
          url.includes("upheld")
            ? [
                {
                  ...APPEAL,
                  status: "upheld",
                  outcomeText: "It stands.",
                  decidedBy: GRACE,
                  decidedAt: "2026-11-21T08:00:00.000Z",
                },
              ]
            : [],
        ),
    });
    await screen.findByText("No open appeals.");
    fireEvent.keyDown(screen.getByRole("combobox", { name: "Appeals" }), { key: "Enter" });
    fireEvent.click(await screen.findByRole("option", { name: "Upheld" }));

    const rows = await table();
    await waitFor(() => expect(reads()).toContain("/api/admin/appeals?status=upheld"));
    expect(await within(rows).findByText("Upheld")).toBeTruthy();
    expect(within(rows).queryByRole("button", { name: `Uphold ${NAME}` })).toBeNull();
  });
});
