import type {
  AuthenticationResponseJSON,
  PublicKeyCredentialCreationOptionsJSON,
  PublicKeyCredentialRequestOptionsJSON,
  RegistrationResponseJSON,
} from "@simplewebauthn/browser";
import { apiRequest } from "./api-request.ts";

/** Whether this browser can use passkeys at all (WebAuthn and a secure context). */
export const passkeysSupported = () =>
  typeof window !== "undefined" && window.isSecureContext && typeof window.PublicKeyCredential === "function";

/** The browser's "Cancel" or a timeout: the member chose not to use a passkey, which is not an error to show. */
export const passkeyCancelled = (error: unknown) =>
  error instanceof Error && (error.name === "NotAllowedError" || error.name === "AbortError");

// The WebAuthn helper is loaded only when a passkey is used, so it stays out of every page's first load.
const webAuthn = () => import("@simplewebauthn/browser");

/**
 * Asks the server for a challenge and the browser for a passkey's answer to it: for the signed-in member (a
 * re-entry, the admin unlock), for the sign-in waiting for its second step, or for a sign-in with a passkey alone
 * (the server decides from the session and the sign-in cookie). Send the answer where the purpose needs it.
 */
export async function answerWithPasskey(): Promise<AuthenticationResponseJSON> {
  const optionsJSON = await apiRequest<PublicKeyCredentialRequestOptionsJSON>(
    "POST",
    "/api/auth/passkeys/options",
    {
      purpose: "authenticate",
    },
  );
  return (await webAuthn()).startAuthentication({ optionsJSON });
}

/** Asks the server for registration options and the browser to create a passkey for the signed-in member. */
export async function createPasskey(): Promise<RegistrationResponseJSON> {
  const optionsJSON = await apiRequest<PublicKeyCredentialCreationOptionsJSON>(
    "POST",
    "/api/auth/passkeys/options",
    { purpose: "register" },
  );
  return (await webAuthn()).startRegistration({ optionsJSON });
}
