import { createHash, generateKeyPairSync, randomBytes, sign } from "node:crypto";
import type {
  AuthenticationResponseJSON,
  PublicKeyCredentialCreationOptionsJSON,
  PublicKeyCredentialRequestOptionsJSON,
  RegistrationResponseJSON,
} from "@simplewebauthn/server";

/**
 * A software WebAuthn authenticator for tests: one passkey (an ES256 key on P-256) that answers
 * `navigator.credentials.create()` and `.get()` options the way a browser and a platform authenticator do —
 * real authenticator data, a real `none` attestation object, real signatures — in the JSON forms
 * @simplewebauthn/browser hands to the server.
 *
 * It plays a client that may send anything: it does not refuse options that exclude it or do not allow it, so
 * tests can check that the server does.
 */

// A minimal CBOR encoder (RFC 8949): enough for a COSE key and an attestation object.
export type CborValue = number | string | Uint8Array | CborMap;
type CborMap = Map<number | string, CborValue>;

function cborHead(major: number, length: number): Buffer {
  if (length < 24) return Buffer.from([(major << 5) | length]);
  if (length < 0x100) return Buffer.from([(major << 5) | 24, length]);
  if (length < 0x10000) {
    const head = Buffer.alloc(3);
    head[0] = (major << 5) | 25;
    head.writeUInt16BE(length, 1);
    return head;
  }
  const head = Buffer.alloc(5);
  head[0] = (major << 5) | 26;
  head.writeUInt32BE(length, 1);
  return head;
}

export function cborEncode(value: CborValue): Buffer {
  if (typeof value === "number") {
    if (!Number.isInteger(value) || Math.abs(value) > 0xffffffff) throw new Error(`no CBOR for ${value}`);
    // Unsigned integers are major type 0; a negative n is major type 1 carrying -1 - n.
    return value >= 0 ? cborHead(0, value) : cborHead(1, -1 - value);
  }
  if (typeof value === "string") {
    const text = Buffer.from(value, "utf8");
    return Buffer.concat([cborHead(3, text.length), text]);
  }
  if (value instanceof Uint8Array) return Buffer.concat([cborHead(2, value.length), value]);
  const parts = [cborHead(5, value.size)];
  for (const [key, item] of value) parts.push(cborEncode(key), cborEncode(item));
  return Buffer.concat(parts);
}

const base64url = (bytes: Uint8Array) => Buffer.from(bytes).toString("base64url");
const sha256 = (data: Uint8Array | string) => createHash("sha256").update(data).digest();

// The flags byte of authenticator data: bit 0 user present, 2 user verified, 3 backup eligible, 4 backed up,
// 6 attested credential data included.
const FLAGS = { userPresent: 0x01, userVerified: 0x04, backupEligible: 0x08, backedUp: 0x10, attested: 0x40 };

/** What a test may change about one answer, to play a phishing page, a lazy authenticator or a cloned key. */
export type CeremonyOverrides = {
  /** The page's origin the browser reports (a phishing site's, say). */
  origin?: string;
  /** The relying party id whose hash the authenticator signs (defaults to the options' own). */
  rpId?: string;
  /** Whether the authenticator checked its user (PIN, biometrics); true by default. */
  userVerified?: boolean;
  /** The signature counter reported, instead of the authenticator's own. */
  counter?: number;
  /** The challenge answered, instead of the options' own (an answer to some other ceremony). */
  challenge?: string;
};

export type VirtualPasskeyOptions = {
  /** The origin of the page the passkey is used on (the app's PUBLIC_URL). */
  origin: string;
  /**
   * A synced passkey (iCloud Keychain, Google Password Manager): backup-eligible and backed up, and its counter
   * stays 0. Otherwise a device-bound key whose counter goes up by one at every use. False by default.
   */
  synced?: boolean;
};

/** One passkey on a software authenticator. `credentialId` is base64url, as the server stores it. */
export function createVirtualPasskey({ origin, synced = false }: VirtualPasskeyOptions) {
  const { privateKey, publicKey } = generateKeyPairSync("ec", { namedCurve: "P-256" });
  const rawId = randomBytes(32);
  const credentialId = base64url(rawId);
  let signCount = 0;
  let userHandle: string | undefined;

  const jwk = publicKey.export({ format: "jwk" });
  if (!jwk.x || !jwk.y) throw new Error("P-256 key exported without coordinates");
  // COSE_Key of an EC2 key (RFC 9053): kty 2 (EC2), alg -7 (ES256), crv 1 (P-256), x, y.
  const coseKey = cborEncode(
    new Map<number, CborValue>([
      [1, 2],
      [3, -7],
      [-1, 1],
      [-2, Buffer.from(jwk.x, "base64url")],
      [-3, Buffer.from(jwk.y, "base64url")],
    ]),
  );

  function nextCounter(overrides: CeremonyOverrides) {
    if (overrides.counter !== undefined) return overrides.counter;
    if (synced) return 0;
    signCount += 1;
    return signCount;
  }

  function authenticatorData(rpId: string, counter: number, overrides: CeremonyOverrides, attest: boolean) {
    let flags = FLAGS.userPresent;
    if (overrides.userVerified ?? true) flags |= FLAGS.userVerified;
    if (synced) flags |= FLAGS.backupEligible | FLAGS.backedUp;
    if (attest) flags |= FLAGS.attested;
    const head = Buffer.alloc(37);
    sha256(overrides.rpId ?? rpId).copy(head, 0);
    head[32] = flags;
    head.writeUInt32BE(counter, 33);
    if (!attest) return head;
    // Attested credential data: AAGUID (zeros: no attestation), credential id length and id, the COSE key.
    const idLength = Buffer.alloc(2);
    idLength.writeUInt16BE(rawId.length);
    return Buffer.concat([head, Buffer.alloc(16), idLength, rawId, coseKey]);
  }

  function clientData(
    type: "webauthn.create" | "webauthn.get",
    challenge: string,
    overrides: CeremonyOverrides,
  ) {
    return Buffer.from(
      JSON.stringify({
        type,
        challenge: overrides.challenge ?? challenge,
        origin: overrides.origin ?? origin,
        crossOrigin: false,
      }),
    );
  }

  const defaultRpId = () => new URL(origin).hostname;

  return {
    credentialId,

    /** The answer of `navigator.credentials.create(options)`: a new credential with a `none` attestation. */
    register(
      options: Pick<PublicKeyCredentialCreationOptionsJSON, "challenge" | "rp" | "user">,
      overrides: CeremonyOverrides = {},
    ): RegistrationResponseJSON {
      userHandle = options.user.id;
      const authData = authenticatorData(
        options.rp.id ?? defaultRpId(),
        nextCounter(overrides),
        overrides,
        true,
      );
      const attestationObject = cborEncode(
        new Map<string, CborValue>([
          ["fmt", "none"],
          ["attStmt", new Map()],
          ["authData", authData],
        ]),
      );
      return {
        id: credentialId,
        rawId: credentialId,
        type: "public-key",
        authenticatorAttachment: "platform",
        clientExtensionResults: {},
        response: {
          clientDataJSON: base64url(clientData("webauthn.create", options.challenge, overrides)),
          attestationObject: base64url(attestationObject),
          transports: ["internal"],
        },
      };
    },

    /** The answer of `navigator.credentials.get(options)`: authenticator data signed with the passkey's key. */
    authenticate(
      options: Pick<PublicKeyCredentialRequestOptionsJSON, "challenge" | "rpId">,
      overrides: CeremonyOverrides = {},
    ): AuthenticationResponseJSON {
      const authData = authenticatorData(
        options.rpId ?? defaultRpId(),
        nextCounter(overrides),
        overrides,
        false,
      );
      const clientDataJSON = clientData("webauthn.get", options.challenge, overrides);
      // ES256: ECDSA with SHA-256 over authenticatorData || SHA-256(clientDataJSON), DER-encoded.
      const signature = sign("sha256", Buffer.concat([authData, sha256(clientDataJSON)]), privateKey);
      return {
        id: credentialId,
        rawId: credentialId,
        type: "public-key",
        authenticatorAttachment: "platform",
        clientExtensionResults: {},
        response: {
          clientDataJSON: base64url(clientDataJSON),
          authenticatorData: base64url(authData),
          signature: base64url(signature),
          ...(userHandle === undefined ? {} : { userHandle }),
        },
      };
    },
  };
}

export type VirtualPasskey = ReturnType<typeof createVirtualPasskey>;
