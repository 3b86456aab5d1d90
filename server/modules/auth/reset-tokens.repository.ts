import type { Database } from "#server/db/client.ts";
import { passwordResetTokens } from "#server/db/schema/index.ts";
import { singleUseLinks } from "#server/db/single-use-links.ts";

/** Password reset and invitation links: stored hashed, each redeemed once. */
export const createResetTokensRepository = (db: Database) => singleUseLinks(db, passwordResetTokens);

export type ResetTokensRepository = ReturnType<typeof createResetTokensRepository>;
