import type { Database } from "#server/db/client.ts";
import { wasntMeTokens } from "#server/db/schema/index.ts";
import { singleUseLinks } from "#server/db/single-use-links.ts";

/** The "Wasn't me" links of new-sign-in e-mails: stored hashed, each redeemed once. */
export const createWasntMeTokensRepository = (db: Database) => singleUseLinks(db, wasntMeTokens);

export type WasntMeTokensRepository = ReturnType<typeof createWasntMeTokensRepository>;
