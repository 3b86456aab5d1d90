import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { fireEvent, render, screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { Profile } from "#contract/api/profile.ts";
import { MESSAGES } from "#contract/errors.ts";
import { answerWithPasskey } from "#web/lib/passkeys.ts";
import { profileQuery } from "#web/lib/use-profile.ts";
import { memberProfile } from "#web/test/profile-test-data.ts";
import ReauthenticationDialog from "./reauthentication-dialog.tsx";

// The browser's WebAuthn prompt is the one thing outside the page: it answers as a passkey would, or is cancelled.
vi.mock("#web/lib/passkeys.ts", async (importOriginal) => ({
  ...(await importOriginal<typeof import("#web/lib/passkeys.ts")>()),
  passkeysSupported: () => true,
  answerWithPasskey: vi.fn(),
}));

const PASSKEY_ANSWER = {
  id: "cred",
  rawId: "cred",
  type: "public-key",
  clientExtensionResults: {},
  response: { clientDataJSON: "e30", authenticatorData: "AA", signature: "AA" },
} as const;

const json = (body: unknown, status: number) =>
  new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json" } });

/**
 * The dialog for a member with the given second factors, over a server that takes `accepted` (a password, a code
 * or a passkey's id) and refuses anything else as the real one does.
 */
function renderDialog(twoFactor: Profile["twoFactor"], accepted: string) {
  const sent: unknown[] = [];
  vi.stubGlobal(
    "fetch",
    vi.fn(async (_url: string, init?: RequestInit) => {
      const body = JSON.parse(String(init?.body));
      sent.push(body);
      if ("currentPassword" in body) {
        return body.currentPassword === accepted
          ? new Response(null, { status: 204 })
          : json({ error: MESSAGES.wrongCurrentPassword, code: "wrong_password" }, 403);
      }
      if ("code" in body) {
        return body.code === accepted
          ? new Response(null, { status: 204 })
          : json({ error: MESSAGES.invalidCode, code: "invalid_code" }, 400);
      }
      return body.passkey.id === accepted
        ? new Response(null, { status: 204 })
        : json({ error: MESSAGES.passkeyRejected, code: "passkey_rejected" }, 400);
    }),
  );
  const client = new QueryClient();
  client.setQueryData(profileQuery.queryKey, memberProfile({ twoFactor }));
  const onDone = vi.fn();
  render(
    <QueryClientProvider client={client}>
      <ReauthenticationDialog onDone={onDone} />
    </QueryClientProvider>,
  );
  return { onDone, sent };
}

const confirm = () => fireEvent.click(screen.getByRole("button", { name: "Confirm" }));

afterEach(() => {
  vi.unstubAllGlobals();
  vi.clearAllMocks();
});

describe("ReauthenticationDialog", () => {
  it("asks a member with no second factor for their password only, and says when it is wrong", async () => {
    const { onDone, sent } = renderDialog({ totp: false, passkeys: 0 }, "right password");
    expect(screen.queryByRole("button", { name: "Use a passkey" })).toBeNull();
    expect(screen.queryByRole("button", { name: "Use a code instead" })).toBeNull();

    fireEvent.change(screen.getByLabelText("Password"), { target: { value: "wrong password" } });
    confirm();
    expect(await screen.findByText(MESSAGES.wrongCurrentPassword)).toBeTruthy();
    expect(onDone).not.toHaveBeenCalled();

    fireEvent.change(screen.getByLabelText("Password"), { target: { value: "right password" } });
    confirm();
    await waitFor(() => expect(onDone).toHaveBeenCalledWith(true));
    expect(sent).toEqual([{ currentPassword: "wrong password" }, { currentPassword: "right password" }]);
  });

  it("takes a code from the authenticator app instead, with the server's word on a wrong one", async () => {
    const { onDone, sent } = renderDialog({ totp: true, passkeys: 0 }, "123456");
    fireEvent.click(screen.getByRole("button", { name: "Use a code instead" }));
    expect(screen.getByText(/Enter a code from your authenticator app/)).toBeTruthy();

    fireEvent.change(screen.getByLabelText("Authentication code"), { target: { value: "654321" } });
    confirm();
    expect(await screen.findByText(MESSAGES.invalidCode)).toBeTruthy();

    fireEvent.click(screen.getByRole("button", { name: "Use your password instead" }));
    expect(screen.getByLabelText("Password")).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Use a code instead" }));

    fireEvent.change(screen.getByLabelText("Authentication code"), { target: { value: "123456" } });
    confirm();
    await waitFor(() => expect(onDone).toHaveBeenCalledWith(true));
    expect(sent).toEqual([{ code: "654321" }, { code: "123456" }]);
  });

  it("takes one of the member's passkeys; a cancelled prompt says nothing, a rejected passkey says so", async () => {
    const { onDone, sent } = renderDialog({ totp: false, passkeys: 1 }, "cred");
    const usePasskey = screen.getByRole("button", { name: "Use a passkey" });

    vi.mocked(answerWithPasskey).mockRejectedValueOnce(
      Object.assign(new Error("The user cancelled"), { name: "NotAllowedError" }),
    );
    fireEvent.click(usePasskey);
    await waitFor(() => expect(usePasskey.hasAttribute("disabled")).toBe(false));
    expect(screen.queryByRole("alert")).toBeNull();
    expect(sent).toEqual([]);

    vi.mocked(answerWithPasskey).mockResolvedValueOnce({ ...PASSKEY_ANSWER, id: "another" });
    fireEvent.click(usePasskey);
    expect((await screen.findByRole("alert")).textContent).toBe(MESSAGES.passkeyRejected);
    expect(onDone).not.toHaveBeenCalled();

    vi.mocked(answerWithPasskey).mockResolvedValueOnce(PASSKEY_ANSWER);
    fireEvent.click(usePasskey);
    await waitFor(() => expect(onDone).toHaveBeenCalledWith(true));
    expect(sent).toEqual([{ passkey: { ...PASSKEY_ANSWER, id: "another" } }, { passkey: PASSKEY_ANSWER }]);
  });

  it("lets the member cancel", () => {
    const { onDone } = renderDialog({ totp: true, passkeys: 2 }, "right password");
    fireEvent.click(screen.getByRole("button", { name: "Cancel" }));
    expect(onDone).toHaveBeenCalledWith(false);
  });
});
