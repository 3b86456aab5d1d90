import type { Database } from "#server/db/client.ts";
import { emailVerificationTokens } from "#server/db/schema/index.ts";
import { singleUseLinks } from "#server/db/single-use-links.ts";

/** E-mail verification links: stored hashed, each redeemed once. */
export const createVerificationTokensRepository = (db: Database) =>
  singleUseLinks(db, emailVerificationTokens);

export type VerificationTokensRepository = ReturnType<typeof createVerificationTokensRepository>;
