import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { act, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { toast } from "sonner";
import { afterEach, describe, expect, it, vi } from "vitest";
import { ADMIN_SETTINGS_MESSAGES, imageBannerBodySchema } from "#contract/api/admin-settings.ts";
import type { ImageBanner } from "#contract/api/posts.ts";
import { LabelledField } from "#web/components/labelled-field.tsx";
import { SubmitButton } from "#web/components/submit-button.tsx";
import { FormField } from "#web/components/ui/form.tsx";
import { Input } from "#web/components/ui/input.tsx";
import { AdminSettingCard } from "./admin-setting-card.tsx";
import { SettingSwitch } from "./setting-switch.tsx";

vi.mock("sonner", () => ({ toast: { success: vi.fn(), error: vi.fn() } }));

const URL = "/api/image-banner";
const STORED: ImageBanner = { isEnabled: true, text: "come see me" };

/** A setting declared as the panel's are: the banner's contract schema, a text field and a switch. */
function TestSettingCard() {
  return (
    <AdminSettingCard
      title="Test Setting"
      description="A setting for the test."
      urls={{ read: URL, write: { method: "PUT", url: "/api/admin/image-banner" } }}
      loading={{ what: "the setting", skeleton: "h-10" }}
      schema={imageBannerBodySchema}
      toForm={({ isEnabled, text }: ImageBanner) => ({ isEnabled, text })}
      savedToast={(saved) => ({ title: "Saved", description: `Now "${saved.text}".` })}
      failedToast={{ title: "Error", fallback: "Failed to save the setting" }}
    >
      {({ form, pending }) => (
        <>
          <LabelledField control={form.control} name="text" label="Text">
            {({ field }) => <Input {...field} />}
          </LabelledField>
          <FormField
            control={form.control}
            name="isEnabled"
            render={({ field }) => <SettingSwitch field={field} label="Enabled" />}
          />
          <SubmitButton pending={pending}>Save Settings</SubmitButton>
        </>
      )}
    </AdminSettingCard>
  );
}

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json" } });

type FakeServer = {
  /** Answers the GET of the setting. */
  read?: () => Response;
  /** Answers a PUT, given its body. */
  save?: (body: ImageBanner) => Promise<Response> | Response;
};

function renderCard({ read = () => json(STORED), save = (body) => json(body) }: FakeServer = {}) {
  const fetch = vi.fn(async (_url: string, init?: RequestInit) =>
    init?.method === "PUT" ? save(JSON.parse(String(init.body))) : read(),
  );
  vi.stubGlobal("fetch", fetch);
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={queryClient}>
      <TestSettingCard />
    </QueryClientProvider>,
  );
  const puts = () => fetch.mock.calls.filter(([, init]) => init?.method === "PUT");
  return { queryClient, puts };
}

const text = () => screen.getByLabelText<HTMLInputElement>("Text");
const saveButton = () => screen.getByRole("button", { name: "Save Settings" });

afterEach(() => {
  vi.unstubAllGlobals();
  vi.clearAllMocks();
});

describe("AdminSettingCard", () => {
  it("says the setting is loading, then shows it in the form", async () => {
    renderCard();
    expect(screen.getByRole("status")).toHaveProperty("textContent", "Loading the setting...");
    await waitFor(() => expect(text().value).toBe("come see me"));
    expect(screen.getByRole("switch", { name: "Enabled" }).getAttribute("aria-checked")).toBe("true");
  });

  it("shows the contract schema's message on the field and sends nothing", async () => {
    const { puts } = renderCard();
    await waitFor(() => expect(text().value).toBe("come see me"));
    fireEvent.change(text(), { target: { value: "   " } });
    fireEvent.click(saveButton());

    expect((await screen.findByRole("alert")).textContent).toBe(ADMIN_SETTINGS_MESSAGES.bannerTextRequired);
    expect(text().getAttribute("aria-invalid")).toBe("true");
    expect(text().getAttribute("aria-describedby")).toContain(screen.getByRole("alert").id);
    expect(puts()).toHaveLength(0);
  });

  it("shows a field error from the server on its field, and says the save failed", async () => {
    const message = "Banner text must be at most 80 characters";
    const { puts } = renderCard({
      save: () => json({ error: "Validation failed", code: "validation", fields: { text: message } }, 400),
    });
    await waitFor(() => expect(text().value).toBe("come see me"));
    fireEvent.change(text(), { target: { value: "a new text" } });
    fireEvent.click(saveButton());

    expect((await screen.findByRole("alert")).textContent).toBe(message);
    expect(text().getAttribute("aria-invalid")).toBe("true");
    expect(puts()).toHaveLength(1);
    expect(toast.error).toHaveBeenCalledWith("Error", { description: "Validation failed" });
  });

  it("sends the schema's output, disables Save while saving, then shows what the server saved", async () => {
    let answer: (response: Response) => void = () => {};
    const { puts } = renderCard({ save: () => new Promise<Response>((resolve) => (answer = resolve)) });
    await waitFor(() => expect(text().value).toBe("come see me"));
    fireEvent.change(text(), { target: { value: "  by the harbour  " } });
    fireEvent.click(saveButton());

    await waitFor(() => expect(saveButton()).toHaveProperty("disabled", true));
    expect(JSON.parse(String(puts()[0]?.[1]?.body))).toEqual({ isEnabled: true, text: "by the harbour" });
    answer(json({ isEnabled: true, text: "by the harbour" }));

    await waitFor(() => expect(saveButton()).toHaveProperty("disabled", false));
    expect(text().value).toBe("by the harbour");
    expect(toast.success).toHaveBeenCalledWith("Saved", { description: 'Now "by the harbour".' });
  });

  it("follows the setting when its data changes", async () => {
    const { queryClient } = renderCard();
    await waitFor(() => expect(text().value).toBe("come see me"));

    act(() => queryClient.setQueryData([URL], { isEnabled: false, text: "changed in another tab" }));
    await waitFor(() => expect(text().value).toBe("changed in another tab"));
    expect(screen.getByRole("switch", { name: "Enabled" }).getAttribute("aria-checked")).toBe("false");
  });

  it("says when the setting cannot be loaded", async () => {
    renderCard({ read: () => json({ error: "Internal error", code: "internal" }, 500) });
    expect(await screen.findByText("Failed to load the setting")).toBeTruthy();
  });
});
