import {
  type AuthenticationResponseJSON,
  type AuthenticatorTransport,
  generateAuthenticationOptions,
  generateRegistrationOptions,
  type RegistrationResponseJSON,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
} from "@simplewebauthn/server";
import { isoBase64URL } from "@simplewebauthn/server/helpers";
import type { Passkey } from "#contract/api/second-factor.ts";
import { SECOND_FACTOR_MESSAGES } from "#contract/api/second-factor.ts";
import { MESSAGES } from "#contract/errors.ts";
import { MAX_PASSKEYS, PASSKEY_CHALLENGE_MINUTES } from "#contract/limits.ts";
import type { ProfileRow } from "#server/db/schema/index.ts";
import { AppError } from "#server/lib/app-error.ts";
import { addMinutes, type Clock } from "#server/lib/clock.ts";
import type { AccountChanged } from "#server/modules/account-alerts/account-changes.service.ts";
import type { SessionsService } from "#server/modules/auth/sessions.service.ts";
import type { PasskeyRow, SecondFactorRepository } from "./second-factor.repository.ts";

/** The relying party: the site's host and origin, from PUBLIC_URL. */
export type RelyingParty = { id: string; origin: string; name: string };

export const relyingPartyOf = (publicUrl: string): RelyingParty => {
  const url = new URL(publicUrl);
  return { id: url.hostname, origin: url.origin, name: "Tagit" };
};

type Deps = {
  repo: SecondFactorRepository;
  sessions: Pick<SessionsService, "endAllForUser">;
  rp: RelyingParty;
  clock: Clock;
  /** A passkey was added or removed: the member hears of it (in the background). */
  accountChanged: AccountChanged;
};

const rejected = () => new AppError("passkey_rejected", MESSAGES.passkeyRejected);

const toPasskey = (row: PasskeyRow): Passkey => ({
  id: row.id,
  name: row.name,
  createdAt: row.createdAt.toISOString(),
  lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
});

/**
 * What a passkey answer stands for. Alone (`sign-in`) it is both factors, and in a signed-in session
 * (`confirmation`: a recent sign-in, the admin unlock) it stands for the person at the keyboard: either way the
 * authenticator must check its user (PIN, fingerprint), or an unlocked device would be enough. As the second step
 * after the password (`second-step`) it need only be present.
 */
export type PasskeyUse = "sign-in" | "second-step" | "confirmation";
const checksItsUser = (use: PasskeyUse) => use !== "second-step";

/**
 * Passkeys (WebAuthn): adding, naming, listing and removing them, and checking an assertion against a challenge
 * this server issued. Every challenge is stored and answered once.
 */
export function createPasskeysService({ repo, sessions, rp, clock, accountChanged }: Deps) {
  const challengeExpiry = () => addMinutes(clock.now(), PASSKEY_CHALLENGE_MINUTES);

  /** Options for `navigator.credentials.get()`: any passkey of the site, or only `userId`'s. */
  async function authenticationOptions(userId: string | null, use: PasskeyUse) {
    const allowCredentials = userId
      ? (await repo.listPasskeys(userId)).map((row) => ({ id: row.credentialId, transports: row.transports }))
      : [];
    if (userId && allowCredentials.length === 0) {
      throw new AppError("not_found", SECOND_FACTOR_MESSAGES.passkeyNotFound);
    }
    return generateAuthenticationOptions({
      rpID: rp.id,
      allowCredentials,
      userVerification: checksItsUser(use) ? "required" : "preferred",
      timeout: PASSKEY_CHALLENGE_MINUTES * 60_000,
    });
  }

  /**
   * Checks an assertion against `challenge`: a registered passkey (of `userId`, when given) signed it for this
   * site, with a counter that moved on (or a synced passkey's 0). Answers the passkey's member.
   */
  async function verifyAssertion(
    challenge: string,
    response: AuthenticationResponseJSON,
    userId: string | null,
    use: PasskeyUse,
  ): Promise<string> {
    const stored = await repo.findPasskeyByCredentialId(response.id);
    if (!stored || (userId !== null && stored.userId !== userId)) throw rejected();
    let verification: Awaited<ReturnType<typeof verifyAuthenticationResponse>>;
    try {
      verification = await verifyAuthenticationResponse({
        response,
        expectedChallenge: challenge,
        expectedOrigin: rp.origin,
        expectedRPID: rp.id,
        credential: {
          id: stored.credentialId,
          publicKey: isoBase64URL.toBuffer(stored.publicKey),
          counter: stored.counter,
          transports: stored.transports as AuthenticatorTransport[],
        },
        requireUserVerification: checksItsUser(use),
      });
    } catch {
      throw rejected();
    }
    if (!verification.verified) throw rejected();
    // The counter moves forward in the same statement that checks it: two answers of a cloned key sent at once
    // cannot both pass with one count.
    const recorded = await repo.recordPasskeyUse(
      stored.id,
      verification.authenticationInfo.newCounter,
      clock.now(),
    );
    if (!recorded) throw rejected();
    return stored.userId;
  }

  return {
    authenticationOptions,
    verifyAssertion,

    list: async (userId: string) => (await repo.listPasskeys(userId)).map(toPasskey),

    /** Options to add a passkey to the signed-in account; the challenge is bound to this session. */
    async registrationOptions(user: ProfileRow, sessionId: string) {
      const existing = await repo.listPasskeys(user.id);
      if (existing.length >= MAX_PASSKEYS)
        throw new AppError("conflict", SECOND_FACTOR_MESSAGES.tooManyPasskeys);
      const options = await generateRegistrationOptions({
        rpName: rp.name,
        rpID: rp.id,
        userName: user.email,
        userID: new TextEncoder().encode(user.id),
        userDisplayName: `${user.firstName} ${user.lastName}`,
        attestationType: "none",
        excludeCredentials: existing.map((row) => ({ id: row.credentialId, transports: row.transports })),
        authenticatorSelection: { residentKey: "required", userVerification: "preferred" },
        timeout: PASSKEY_CHALLENGE_MINUTES * 60_000,
      });
      await repo.deleteSessionChallenges(sessionId, "passkey_register");
      await repo.insertChallenge({
        kind: "passkey_register",
        sessionId,
        userId: user.id,
        challenge: options.challenge,
        expiresAt: challengeExpiry(),
      });
      return options;
    },

    /** Options for the signed-in member to prove themselves with a passkey (confirming it is them, the admin unlock). */
    async confirmationOptions(user: ProfileRow, sessionId: string) {
      const options = await authenticationOptions(user.id, "confirmation");
      await repo.deleteSessionChallenges(sessionId, "passkey_confirm");
      await repo.insertChallenge({
        kind: "passkey_confirm",
        sessionId,
        userId: user.id,
        challenge: options.challenge,
        expiresAt: challengeExpiry(),
      });
      return options;
    },

    /** The signed-in member answers this session's confirmation challenge with one of their passkeys. */
    async confirm(user: ProfileRow, sessionId: string, response: AuthenticationResponseJSON) {
      const challenge = await repo.takeSessionChallenge(sessionId, "passkey_confirm", clock.now());
      if (!challenge?.challenge) throw rejected();
      await verifyAssertion(challenge.challenge, response, user.id, "confirmation");
    },

    /** Adds the passkey answering this session's registration challenge; the member's other sessions end. */
    async register(
      user: ProfileRow,
      sessionId: string,
      input: { response: RegistrationResponseJSON; name: string },
    ): Promise<Passkey> {
      const challenge = await repo.takeSessionChallenge(sessionId, "passkey_register", clock.now());
      if (!challenge?.challenge) throw rejected();
      let verification: Awaited<ReturnType<typeof verifyRegistrationResponse>>;
      try {
        verification = await verifyRegistrationResponse({
          response: input.response,
          expectedChallenge: challenge.challenge,
          expectedOrigin: rp.origin,
          expectedRPID: rp.id,
          requireUserVerification: false,
        });
      } catch {
        throw rejected();
      }
      if (!verification.verified) throw rejected();
      const { credential, credentialBackedUp } = verification.registrationInfo;
      const row = await repo.insertPasskeyBelow(MAX_PASSKEYS, {
        userId: user.id,
        credentialId: credential.id,
        publicKey: isoBase64URL.fromBuffer(credential.publicKey),
        counter: credential.counter,
        transports: credential.transports ?? [],
        backedUp: credentialBackedUp,
        name: input.name,
        createdAt: clock.now(),
      });
      if (row === "full") throw new AppError("conflict", SECOND_FACTOR_MESSAGES.tooManyPasskeys);
      if (!row) throw new AppError("conflict", SECOND_FACTOR_MESSAGES.passkeyExists);
      await sessions.endAllForUser(user.id, sessionId);
      accountChanged(user, { kind: "passkey_added", name: row.name });
      return toPasskey(row);
    },

    /** Removes one of the member's passkeys; the member's other sessions end. */
    async remove(user: ProfileRow, sessionId: string, id: string) {
      if (!(await repo.deletePasskey(user.id, id))) {
        throw new AppError("not_found", SECOND_FACTOR_MESSAGES.passkeyNotFound);
      }
      await sessions.endAllForUser(user.id, sessionId);
      accountChanged(user, { kind: "passkey_removed" });
    },
  };
}

export type PasskeysService = ReturnType<typeof createPasskeysService>;
