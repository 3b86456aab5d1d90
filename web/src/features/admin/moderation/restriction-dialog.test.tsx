import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { MemoryRouter } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import {
  MODERATION_MESSAGES,
  type ModerationReason,
  type RestrictionBody,
} from "#contract/api/moderation.ts";
import { ApiError } from "#web/lib/api-request.ts";
import { RestrictionDialog } from "./restriction-dialog.tsx";

vi.mock("sonner", () => ({ toast: { success: vi.fn(), error: vi.fn() } }));

const SPAM: ModerationReason = {
  id: "0b6e1a9e-8f4f-4c1e-9a43-5b0f3f0b7a01",
  label: "Spam or scam",
  rule: "No spam, scams, or posts meant to mislead people.",
};
const PRIVATE: ModerationReason = {
  id: "0b6e1a9e-8f4f-4c1e-9a43-5b0f3f0b7a02",
  label: "Private information",
  rule: "Never share someone's private information without their consent.",
};

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json" } });

function renderPicker({
  reasons = [SPAM, PRIVATE],
  onConfirm = vi.fn(async (_body: RestrictionBody) => undefined),
}: {
  reasons?: ModerationReason[];
  onConfirm?: (body: RestrictionBody) => Promise<unknown>;
} = {}) {
  const fetch = vi.fn(async (_url: string) => json(reasons));
  vi.stubGlobal("fetch", fetch);
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <MemoryRouter>
        <RestrictionDialog
          open
          onOpenChange={() => {}}
          title="Delete Post"
          description="Delete “sunset” and its images?"
          confirmLabel="Delete"
          destructive
          onConfirm={onConfirm}
        />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return { fetch, onConfirm };
}

const dialog = () => screen.getByRole("alertdialog", { name: "Delete Post" });
const reasonSelect = () => within(dialog()).findByRole("combobox", { name: "Reason" });
const confirmButton = () => within(dialog()).getByRole("button", { name: "Delete" });

/** Opens the listbox of reasons and picks one by its label. */
async function chooseReason(label: string) {
  fireEvent.keyDown(await reasonSelect(), { key: "Enter" });
  fireEvent.click(await screen.findByRole("option", { name: label }));
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.clearAllMocks();
});

describe("the statement of reasons of a restriction", () => {
  it("loads the panel's reasons and asks for one", async () => {
    const { fetch } = renderPicker();
    expect(await reasonSelect()).toBeTruthy();
    expect(String(fetch.mock.calls[0]?.[0])).toBe("/api/admin/moderation-reasons");
    expect(within(dialog()).getByText("Delete “sunset” and its images?")).toBeTruthy();
    expect(within(dialog()).getByLabelText("Explain (shown to the member)")).toBeTruthy();
  });

  it("sends nothing without a reason, and says so on the field", async () => {
    const { onConfirm } = renderPicker();
    await reasonSelect();
    fireEvent.click(confirmButton());

    expect((await within(dialog()).findByRole("alert")).textContent).toBe(MODERATION_MESSAGES.reasonRequired);
    expect((await reasonSelect()).getAttribute("aria-invalid")).toBe("true");
    expect(onConfirm).not.toHaveBeenCalled();
  });

  it("shows the chosen reason's rule and sends the reason with the trimmed words", async () => {
    const { onConfirm } = renderPicker();
    await chooseReason("Private information");
    expect(within(dialog()).getByText(`Rule: ${PRIVATE.rule}`)).toBeTruthy();
    fireEvent.change(within(dialog()).getByLabelText("Explain (shown to the member)"), {
      target: { value: "  Your post shows a home address.  " },
    });
    fireEvent.click(confirmButton());

    await waitFor(() => expect(onConfirm).toHaveBeenCalledTimes(1));
    expect(onConfirm).toHaveBeenCalledWith({
      reasonId: PRIVATE.id,
      reasonText: "Your post shows a home address.",
    });
  });

  it("leaves out empty words", async () => {
    const { onConfirm } = renderPicker();
    await chooseReason("Spam or scam");
    fireEvent.click(confirmButton());
    await waitFor(() => expect(onConfirm).toHaveBeenCalledWith({ reasonId: SPAM.id }));
  });

  it("shows the server's refusal of the reason on its field, and loads the reasons again", async () => {
    const refusal = new ApiError(400, "400: Validation failed", {
      error: "Validation failed",
      code: "validation",
      fields: { reasonId: MODERATION_MESSAGES.reasonUnknown },
    });
    const { fetch } = renderPicker({ onConfirm: vi.fn(async () => Promise.reject(refusal)) });
    await chooseReason("Spam or scam");
    fireEvent.click(confirmButton());

    expect((await within(dialog()).findByRole("alert")).textContent).toBe(MODERATION_MESSAGES.reasonUnknown);
    await waitFor(() => expect(fetch).toHaveBeenCalledTimes(2));
  });

  it("with no reasons yet, points to where they are kept and cannot be confirmed", async () => {
    renderPicker({ reasons: [] });
    const link = await within(dialog()).findByRole("link", { name: "Add reasons under Reported Posts" });
    expect(link.getAttribute("href")).toBe("/admin?section=reported-posts&tab=reasons");
    expect(confirmButton()).toHaveProperty("disabled", true);
  });
});
