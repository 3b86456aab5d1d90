import type {
  AuthenticationResponseJSON,
  PublicKeyCredentialCreationOptionsJSON,
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
 * confirming it is them, the admin unlock), for the sign-in waiting for its second step, or for a sign-in with a passkey alone
 * (the server decides from the session and the sign-in cookie). Send the answer where the purpose needs it.
 */
export async function answerWithPasskey(): Promise<AuthenticationResponseJSON> {
  const optionsJSON = await apiRequest("POST", "/api/auth/passkeys/options", { purpose: "authenticate" });
  return (await webAuthn()).startAuthentication({ optionsJSON });
}

/** Asks the server for registration options and the browser to create a passkey for the signed-in member. */
export async function createPasskey(): Promise<RegistrationResponseJSON> {
  // The answer's schema promises only the challenge; asked to register, the server sends the creation options.
  const optionsJSON = (await apiRequest("POST", "/api/auth/passkeys/options", {
    purpose: "register",
  })) as unknown as PublicKeyCredentialCreationOptionsJSON;
  return (await webAuthn()).startRegistration({ optionsJSON });
}
