import { createHmac, createSecretKey, type KeyObject, randomBytes } from "node:crypto";
import Bowser from "bowser";
import type { Clock } from "#server/lib/clock.ts";
import type { SecretBox } from "#server/lib/secret-box.ts";
import type { AnonymityKeyRow, AnonymityKeysRepository } from "./anonymity-keys.repository.ts";

const DAY_MS = 86_400_000;
/** An instance re-reads the current key this often, so a rotation reaches every instance within it. */
const KEY_CACHE_MS = 60_000;

/** Who an anonymous visitor is, for their pseudonym only: a member, or a connection without a sign-in. */
export type AnonymousVisitor = { memberId: string } | { address: string; userAgent: string };

/**
 * The browser's family ("Chrome", "Firefox"…), not its version or platform: a signed-out visitor's pseudonym
 * stays the same across browser updates and says nothing more about them.
 */
export function browserFamily(userAgent: string): string {
  if (!userAgent.trim()) return "unknown";
  return Bowser.getParser(userAgent).getBrowserName() || "other";
}

type Deps = { keysRepo: AnonymityKeysRepository; secretBox: SecretBox; clock: Clock; keyDays: number };

/**
 * Pseudonyms of anonymous visitors: HMAC(epoch key, owner + visitor), so the same visitor has a different one at
 * each owner and in each epoch. Epoch keys are random, kept in the database only sealed under APP_SECRET, read
 * by every instance, replaced every `keyDays` and deleted when replaced: after that nobody can tell whose
 * activity the old pseudonyms stood for.
 */
export function createPseudonyms({ keysRepo, secretBox, clock, keyDays }: Deps) {
  // The key as a KeyObject: an HMAC made from raw bytes builds one every time, twice for each search.
  let cached: { row: AnonymityKeyRow; key: KeyObject; readAt: number } | undefined;
  let loading: Promise<KeyObject> | undefined;

  const newKey = (epoch: number): AnonymityKeyRow => ({
    epoch,
    sealedKey: secretBox.seal(randomBytes(32).toString("base64"), String(epoch)),
    createdAt: clock.now(),
  });

  /**
   * The key a row holds, or undefined when it does not open: the operator replaced APP_SECRET, or the value
   * was not sealed for this epoch's row.
   */
  const opened = (row: AnonymityKeyRow) => {
    try {
      return Buffer.from(secretBox.open(row.sealedKey, String(row.epoch)), "base64");
    } catch {
      return undefined;
    }
  };

  async function load(): Promise<KeyObject> {
    for (let attempt = 0; attempt < 3; attempt += 1) {
      const row = await keysRepo.current();
      // A new database (the first instance to get here writes epoch 1; the others read it), or a key sealed
      // under a secret that is gone: a new epoch starts, as if the old key had been retired.
      const key = row && opened(row);
      if (row && key) {
        cached = { row, key: createSecretKey(key), readAt: Date.now() };
        return cached.key;
      }
      await keysRepo.replace(newKey((row?.epoch ?? 0) + 1));
    }
    throw new Error("no usable anonymity key after writing one");
  }

  async function currentKey(): Promise<KeyObject> {
    if (cached && Date.now() - cached.readAt < KEY_CACHE_MS) return cached.key;
    loading ??= load().finally(() => {
      loading = undefined;
    });
    return loading;
  }

  return {
    /** The visitor's pseudonym at this owner in the current epoch. */
    async of(ownerId: string, visitor: AnonymousVisitor): Promise<string> {
      const who =
        "memberId" in visitor
          ? `member:${visitor.memberId}`
          : `guest:${visitor.address}:${browserFamily(visitor.userAgent)}`;
      return createHmac("sha256", await currentKey())
        .update(`${ownerId}\n${who}`)
        .digest("hex");
    },

    /**
     * A keyed digest of `value` under the current key (for short-lived, in-memory checks such as the repeat
     * window): nothing readable, and nothing that survives the key.
     */
    async digest(value: string): Promise<string> {
      return createHmac("sha256", await currentKey())
        .update(`digest\n${value}`)
        .digest("base64url");
    },

    /**
     * Replaces the current key once it is `keyDays` old, deleting the old one in the same transaction (a
     * failure leaves the old key current; nothing is ever recorded under no key). Answers the epoch in use.
     */
    async rotate(): Promise<{ rotated: boolean; epoch: number }> {
      const row = await keysRepo.current();
      if (!row) {
        await load();
        return { rotated: false, epoch: cached?.row.epoch ?? 1 };
      }
      if (clock.now().getTime() - row.createdAt.getTime() < keyDays * DAY_MS) {
        return { rotated: false, epoch: row.epoch };
      }
      const rotated = await keysRepo.replace(newKey(row.epoch + 1));
      cached = undefined;
      return { rotated, epoch: row.epoch + 1 };
    },
  };
}

export type Pseudonyms = ReturnType<typeof createPseudonyms>;
