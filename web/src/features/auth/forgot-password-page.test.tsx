import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { fireEvent, render, screen } from "@testing-library/react";
import { MemoryRouter } from "react-router";
import { toast } from "sonner";
import { afterEach, describe, expect, it, vi } from "vitest";
import { ForgotPasswordPage } from "./forgot-password-page.tsx";

vi.mock("sonner", () => ({ toast: { success: vi.fn(), error: vi.fn() } }));

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json" } });

function renderPage(answer: Response) {
  vi.stubGlobal(
    "fetch",
    vi.fn(async () => answer),
  );
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { mutations: { retry: false } } })}>
      <MemoryRouter>
        <ForgotPasswordPage />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  const email = screen.getByLabelText<HTMLInputElement>("Email");
  fireEvent.change(email, { target: { value: "ada@example.com" } });
  fireEvent.click(screen.getByRole("button", { name: /send/i }));
  return email;
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.clearAllMocks();
});

describe("ForgotPasswordPage", () => {
  it("shows a field error from the server on its field, not as a toast", async () => {
    const message = "This e-mail address cannot receive mail";
    const email = renderPage(
      json({ error: "Validation failed", code: "validation", fields: { email: message } }, 400),
    );
    expect((await screen.findByRole("alert")).textContent).toBe(message);
    expect(email.getAttribute("aria-invalid")).toBe("true");
    expect(toast.error).not.toHaveBeenCalled();
  });

  it("says so in a toast when the answer names no field", async () => {
    renderPage(json({ error: "Too many requests. Please try again later.", code: "rate_limited" }, 429));
    await vi.waitFor(() => expect(toast.error).toHaveBeenCalled());
    expect(screen.queryByRole("alert")).toBeNull();
  });
});
