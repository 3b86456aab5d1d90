import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
} from "@simplewebauthn/server";
import { isoCBOR } from "@simplewebauthn/server/helpers";
import { describe, expect, it } from "vitest";
import { type CborValue, cborEncode, createVirtualPasskey } from "./virtual-authenticator.ts";

const ORIGIN = "http://localhost:3000";
const RP_ID = "localhost";

async function registered(synced = false) {
  const passkey = createVirtualPasskey({ origin: ORIGIN, synced });
  const options = await generateRegistrationOptions({
    rpName: "Tagit",
    rpID: RP_ID,
    userName: "ada@example.com",
    attestationType: "none",
  });
  const verification = await verifyRegistrationResponse({
    response: passkey.register(options),
    expectedChallenge: options.challenge,
    expectedOrigin: ORIGIN,
    expectedRPID: RP_ID,
  });
  if (!verification.verified) throw new Error("registration did not verify");
  return { passkey, options, ...verification.registrationInfo };
}

describe("the virtual authenticator", () => {
  it("encodes CBOR that a CBOR decoder reads back", () => {
    const encoded = cborEncode(
      new Map<number | string, CborValue>([
        [1, 2],
        [-1, -300],
        ["text", "héllo"],
        ["bytes", new Uint8Array(300).fill(7)],
        ["map", new Map()],
      ]),
    );
    const decoded = isoCBOR.decodeFirst<Map<unknown, unknown>>(new Uint8Array(encoded));
    expect(decoded.get(1)).toBe(2);
    expect(decoded.get(-1)).toBe(-300);
    expect(decoded.get("text")).toBe("héllo");
    expect(decoded.get("bytes")).toEqual(new Uint8Array(300).fill(7));
    expect((decoded.get("map") as Map<unknown, unknown>).size).toBe(0);
  });

  it("registers a passkey that @simplewebauthn verifies, with its id, ES256 key and transports", async () => {
    const { passkey, credential, fmt, userVerified, credentialBackedUp, rpID } = await registered();
    expect(fmt).toBe("none");
    expect(credential.id).toBe(passkey.credentialId);
    expect(credential.transports).toEqual(["internal"]);
    expect(isoCBOR.decodeFirst<Map<number, unknown>>(credential.publicKey).get(3)).toBe(-7);
    expect(userVerified).toBe(true);
    expect(credentialBackedUp).toBe(false);
    expect(rpID).toBe(RP_ID);
  });

  it("signs assertions that verify with the registered key, its counter moving on", async () => {
    const { passkey, credential, options: registration } = await registered();
    const options = await generateAuthenticationOptions({ rpID: RP_ID, userVerification: "required" });
    const response = passkey.authenticate(options);
    expect(response.response.userHandle).toBe(registration.user.id);
    const verification = await verifyAuthenticationResponse({
      response,
      expectedChallenge: options.challenge,
      expectedOrigin: ORIGIN,
      expectedRPID: RP_ID,
      credential,
    });
    expect(verification.verified).toBe(true);
    expect(verification.authenticationInfo.newCounter).toBeGreaterThan(credential.counter);
  });

  it("reports a synced passkey as backed up, with a counter that stays 0", async () => {
    const { passkey, credential, credentialBackedUp, credentialDeviceType } = await registered(true);
    expect(credentialBackedUp).toBe(true);
    expect(credentialDeviceType).toBe("multiDevice");
    const options = await generateAuthenticationOptions({ rpID: RP_ID });
    const verification = await verifyAuthenticationResponse({
      response: passkey.authenticate(options),
      expectedChallenge: options.challenge,
      expectedOrigin: ORIGIN,
      expectedRPID: RP_ID,
      credential,
    });
    expect(verification.authenticationInfo.newCounter).toBe(0);
  });

  it("answers as told: another origin, relying party, challenge or counter, or no user verification", async () => {
    const { passkey, credential } = await registered();
    const options = await generateAuthenticationOptions({ rpID: RP_ID });
    const verify = (overrides: Parameters<typeof passkey.authenticate>[1]) =>
      verifyAuthenticationResponse({
        response: passkey.authenticate(options, overrides),
        expectedChallenge: options.challenge,
        expectedOrigin: ORIGIN,
        expectedRPID: RP_ID,
        credential: { ...credential, counter: 5 },
      });
    await expect(verify({ origin: "https://evil.example" })).rejects.toThrow(/origin/);
    await expect(verify({ rpId: "evil.example" })).rejects.toThrow(/RP ID/);
    await expect(verify({ challenge: "c29tZXRoaW5nLWVsc2U" })).rejects.toThrow(/challenge/);
    await expect(verify({ userVerified: false })).rejects.toThrow(/verification/);
    await expect(verify({ counter: 5 })).rejects.toThrow(/counter/);
    expect((await verify({ counter: 6 })).verified).toBe(true);
  });
});
