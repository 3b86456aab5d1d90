import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { fireEvent, render, screen, waitFor } from "@testing-library/react";
import { toast } from "sonner";
import { afterEach, describe, expect, it, vi } from "vitest";
import { BLOCK_MESSAGES } from "#contract/api/blocks.ts";
import { BlockByTaggForm } from "./block-by-tagg-form.tsx";

vi.mock("sonner", () => ({ toast: { success: vi.fn(), error: vi.fn() } }));

const json = (body: unknown, status: number, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json", ...headers } });

function renderForm(answer: () => Response) {
  vi.stubGlobal(
    "fetch",
    vi.fn(async () => answer()),
  );
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={queryClient}>
      <BlockByTaggForm />
    </QueryClientProvider>,
  );
}

const submit = (tagg: string) => {
  fireEvent.change(screen.getByLabelText("Block by tagg"), { target: { value: tagg } });
  fireEvent.click(screen.getByRole("button", { name: "Block" }));
};

afterEach(() => {
  vi.unstubAllGlobals();
  vi.clearAllMocks();
});

describe("BlockByTaggForm", () => {
  it("tells a member past the day's block changes so, in the server's words", async () => {
    renderForm(() =>
      json({ error: BLOCK_MESSAGES.tooManyChanges, code: "rate_limited" }, 429, { "Retry-After": "3600" }),
    );
    submit("@sam_s");
    await waitFor(() =>
      expect(toast.error).toHaveBeenCalledWith("Block Failed", {
        description: BLOCK_MESSAGES.tooManyChanges,
      }),
    );
    expect(screen.getByLabelText<HTMLInputElement>("Block by tagg").value).toBe("@sam_s");
  });

  it("puts an unknown tagg on the field", async () => {
    renderForm(() =>
      json(
        { error: BLOCK_MESSAGES.notFound, code: "not_found", fields: { tagg: BLOCK_MESSAGES.notFound } },
        404,
      ),
    );
    submit("nobody_here");
    expect(await screen.findByText(BLOCK_MESSAGES.notFound)).toBeTruthy();
    expect(toast.error).not.toHaveBeenCalled();
  });
});
