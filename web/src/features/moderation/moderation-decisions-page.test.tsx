import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { MemoryRouter } from "react-router";
import { toast } from "sonner";
import { afterEach, describe, expect, it, vi } from "vitest";
import {
  type Appeal,
  MODERATION_LIMITS,
  MODERATION_MESSAGES,
  type ModerationDecision,
} from "#contract/api/moderation.ts";
import { ModerationDecisionsPage } from "./moderation-decisions-page.tsx";

vi.mock("sonner", () => ({ toast: { success: vi.fn(), error: vi.fn() } }));

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json" } });

const DAY_MS = 86_400_000;
const iso = (offsetDays: number) => new Date(Date.now() + offsetDays * DAY_MS).toISOString();

const decision = (overrides: Partial<ModerationDecision> = {}): ModerationDecision => ({
  id: "11111111-1111-4111-8111-111111111111",
  kind: "post_hidden",
  subject: { postName: "sunset" },
  reason: {
    label: "Harassment",
    rule: "Posts must not target a person",
    text: "The caption names a classmate",
  },
  automatic: false,
  decidedAt: iso(-2),
  appealableUntil: iso(178),
  liftedAt: null,
  appeal: null,
  ...overrides,
});

const appeal = (overrides: Partial<Appeal> = {}): Appeal => ({
  id: "a1",
  text: "It is a photo of my own garden.",
  status: "open",
  createdAt: iso(-1),
  decidedAt: null,
  outcomeText: null,
  ...overrides,
});

type Answer = (url: string, init?: RequestInit) => Response;

/** `decisions` is what GET answers, read on each request: a test may change it as the server would. */
function renderPage(
  decisions: ModerationDecision[] | (() => ModerationDecision[]),
  answer?: Answer,
  path = "/moderation-decisions",
) {
  const list = typeof decisions === "function" ? decisions : () => decisions;
  const fetch = vi.fn(async (url: string, init?: RequestInit) =>
    init?.method === "POST" && answer ? answer(url, init) : json(list()),
  );
  vi.stubGlobal("fetch", fetch);
  const client = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[path]}>
        <ModerationDecisionsPage />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return fetch;
}

const article = async (headline: string) =>
  (await screen.findByRole("heading", { name: headline })).closest("article") as HTMLElement;

afterEach(() => {
  vi.unstubAllGlobals();
  vi.clearAllMocks();
});

describe("ModerationDecisionsPage", () => {
  it("says so when there are no decisions", async () => {
    renderPage([]);
    expect(await screen.findByRole("heading", { name: "No moderation decisions about you" })).toBeTruthy();
  });

  it("reads each decision as a statement of reasons, at the element a notice links to", async () => {
    renderPage([decision()]);
    const card = await article('Your post "sunset" was hidden pending review');
    expect(card.id).toBe("decision-11111111-1111-4111-8111-111111111111");
    const facts = within(card);
    expect(facts.getByText("Harassment")).toBeTruthy();
    expect(facts.getByText("Posts must not target a person")).toBeTruthy();
    expect(facts.getByText("The caption names a classmate")).toBeTruthy();
    expect(facts.getByText("By an administrator")).toBeTruthy();
    expect(facts.getByText("Still applies")).toBeTruthy();
  });

  it("says an automatic decision was the members' reports", async () => {
    renderPage([
      decision({ automatic: true, reason: { label: "Reported by members", rule: null, text: null } }),
    ]);
    const card = await article('Your post "sunset" was hidden pending review');
    expect(within(card).getByText("Automatically: reports from members reached the threshold")).toBeTruthy();
    expect(within(card).queryByText("Rule of the terms")).toBeNull();
  });

  it("counts the appeal's characters as the member types, and refuses more than 1,000 before sending", async () => {
    const fetch = renderPage([decision()], () => json(appeal(), 201));
    const text = await screen.findByLabelText<HTMLTextAreaElement>("Your appeal");
    fireEvent.change(text, { target: { value: "  Not mine  " } });
    expect(screen.getByText("8 / 1,000 characters")).toBeTruthy();
    fireEvent.change(text, { target: { value: "x".repeat(MODERATION_LIMITS.appealText + 2) } });
    expect(screen.getByText("1,002 / 1,000 characters (2 too many)")).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Send appeal" }));
    expect(await screen.findByText(MODERATION_MESSAGES.appealText)).toBeTruthy();
    expect(fetch.mock.calls.some(([, init]) => init?.method === "POST")).toBe(false);
  });

  it("sends the appeal and shows it waiting in place of the form", async () => {
    const made = appeal({ text: "It is a photo of my own garden." });
    let stored = decision();
    const fetch = renderPage(
      () => [stored],
      () => {
        stored = { ...stored, appeal: made };
        return json(made, 201);
      },
    );
    fireEvent.change(await screen.findByLabelText("Your appeal"), { target: { value: made.text } });
    fireEvent.click(screen.getByRole("button", { name: "Send appeal" }));
    expect(await screen.findByText("Waiting for an administrator")).toBeTruthy();
    expect(screen.queryByLabelText("Your appeal")).toBeNull();
    // The button pressed is gone: focus moves to the appeal shown in its place.
    await waitFor(() =>
      expect(document.activeElement?.textContent).toContain("Waiting for an administrator"),
    );
    const post = fetch.mock.calls.find(([, init]) => init?.method === "POST");
    expect(post?.[0]).toBe("/api/moderation-decisions/11111111-1111-4111-8111-111111111111/appeal");
    expect(JSON.parse(String(post?.[1]?.body))).toEqual({ text: made.text });
    expect(toast.success).toHaveBeenCalled();
  });

  it("puts the server's word on the text on the field", async () => {
    renderPage([decision()], () =>
      json(
        { error: "Validation failed", code: "validation", fields: { text: MODERATION_MESSAGES.appealText } },
        400,
      ),
    );
    fireEvent.change(await screen.findByLabelText("Your appeal"), { target: { value: "Why?" } });
    fireEvent.click(screen.getByRole("button", { name: "Send appeal" }));
    expect(await screen.findByText(MODERATION_MESSAGES.appealText)).toBeTruthy();
    expect(toast.error).not.toHaveBeenCalled();
  });

  it("tells a member who already appealed so, in the server's words", async () => {
    renderPage([decision()], () =>
      json({ error: MODERATION_MESSAGES.appealExists, code: "appeal_exists" }, 409),
    );
    fireEvent.change(await screen.findByLabelText("Your appeal"), { target: { value: "Again" } });
    fireEvent.click(screen.getByRole("button", { name: "Send appeal" }));
    await waitFor(() =>
      expect(toast.error).toHaveBeenCalledWith("Cannot Appeal", {
        description: MODERATION_MESSAGES.appealExists,
      }),
    );
  });

  it("says why there is no form: closed, lifted", async () => {
    renderPage([
      decision({ id: "closed", appealableUntil: iso(-1), decidedAt: iso(-200) }),
      decision({ id: "lifted", kind: "post_removed", liftedAt: iso(-1) }),
    ]);
    const closed = await article('Your post "sunset" was hidden pending review');
    expect(within(closed).getByText(/^Appeals closed on /)).toBeTruthy();
    const lifted = await article('Your post "sunset" was removed');
    expect(within(lifted).getByText(MODERATION_MESSAGES.decisionLifted)).toBeTruthy();
    expect(within(lifted).getByText("No longer applies")).toBeTruthy();
    expect(screen.queryByLabelText("Your appeal")).toBeNull();
  });

  it("shows a decided appeal's outcome in the administrator's words", async () => {
    renderPage([
      decision({
        liftedAt: iso(-1),
        appeal: appeal({
          status: "reversed",
          decidedAt: iso(-1),
          outcomeText: "The photo is yours; restored.",
        }),
      }),
    ]);
    expect(await screen.findByText("Decision reversed")).toBeTruthy();
    expect(screen.getByText("The photo is yours; restored.")).toBeTruthy();
    expect(screen.queryByLabelText("Your appeal")).toBeNull();
  });

  it("focuses the decision a notice's link names", async () => {
    const id = "22222222-2222-4222-8222-222222222222";
    renderPage(
      [decision(), decision({ id, kind: "tagg_removed", subject: { tagg: "ada" } })],
      undefined,
      `/moderation-decisions#decision-${id}`,
    );
    const card = await article("Your tagg @ada was removed: your posts are no longer found by it");
    await waitFor(() => expect(document.activeElement).toBe(card));
    expect(card.dataset.highlighted).toBe("true");
  });
});
