import { eq, notLike, sql } from "drizzle-orm";
import {
  CURRENT_SEAL_PREFIX,
  createKeyedDigest,
  createSecretBox,
  openOldFormat,
  type SecretBox,
} from "#server/lib/secret-box.ts";
import type { Database } from "./client.ts";
import { affiliatePayouts, anonymityKeys, recoveryCodes } from "./schema/index.ts";
import { withTransaction } from "./transaction.ts";

/** Recovery codes are rewritten this many to a statement: a large community holds ten per member with the app. */
const DIGESTS_PER_STATEMENT = 1_000;

/**
 * Re-seals in the current format every value an older release sealed the old way (one key for every column, a
 * plain hash of APP_SECRET, bound to no row): payout details and pseudonym keys; and turns the plain SHA-256 of
 * each recovery code an older release stored into its keyed digest. Runs at every start once the
 * migrations have run, under their lock, in one transaction, and touches only the rows still in the old
 * format, so a second run changes nothing. A value that APP_SECRET does not open (the secret was replaced) is
 * left as it is: it was unreadable already, and a pseudonym key that does not open starts a new epoch.
 */
export async function resealSecrets(db: Database, appSecret: string): Promise<void> {
  const resealed = (box: SecretBox, sealed: string, rowId: string) => {
    try {
      return box.seal(openOldFormat(appSecret, sealed), rowId);
    } catch {
      return undefined;
    }
  };

  await withTransaction(db, async (tx) => {
    const payoutBox = createSecretBox(appSecret, "payoutDetails");
    const payouts = await tx
      .select({ id: affiliatePayouts.id, sealed: affiliatePayouts.payoutDetailsEncrypted })
      .from(affiliatePayouts)
      .where(notLike(affiliatePayouts.payoutDetailsEncrypted, `${CURRENT_SEAL_PREFIX}%`))
      .for("update");
    for (const payout of payouts) {
      const sealed = resealed(payoutBox, payout.sealed, payout.id);
      if (!sealed) continue;
      await tx
        .update(affiliatePayouts)
        .set({ payoutDetailsEncrypted: sealed })
        .where(eq(affiliatePayouts.id, payout.id));
    }

    const keyBox = createSecretBox(appSecret, "anonymityKey");
    const keys = await tx
      .select({ epoch: anonymityKeys.epoch, sealed: anonymityKeys.sealedKey })
      .from(anonymityKeys)
      .where(notLike(anonymityKeys.sealedKey, `${CURRENT_SEAL_PREFIX}%`))
      .for("update");
    for (const key of keys) {
      const sealed = resealed(keyBox, key.sealed, String(key.epoch));
      if (!sealed) continue;
      await tx.update(anonymityKeys).set({ sealedKey: sealed }).where(eq(anonymityKeys.epoch, key.epoch));
    }

    const keyed = createKeyedDigest(appSecret, "recoveryCode");
    const plain = await tx
      .select({ id: recoveryCodes.id, digest: recoveryCodes.codeHash })
      .from(recoveryCodes)
      .where(notLike(recoveryCodes.codeHash, `${CURRENT_SEAL_PREFIX}%`))
      .for("update");
    for (let start = 0; start < plain.length; start += DIGESTS_PER_STATEMENT) {
      const rows = plain
        .slice(start, start + DIGESTS_PER_STATEMENT)
        .map((code) => sql`(${code.id}::uuid, ${keyed(code.digest)})`);
      await tx.execute(sql`
        update ${recoveryCodes} set code_hash = keyed.digest
        from (values ${sql.join(rows, sql`, `)}) as keyed(id, digest)
        where ${recoveryCodes.id} = keyed.id`);
    }
  });
}
