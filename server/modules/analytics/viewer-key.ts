import { sql } from "drizzle-orm";
import { searchAnalytics } from "#server/db/schema/index.ts";

/**
 * Who counts as one viewer: a visitor recorded by name is their member id; an anonymous visitor is their
 * pseudonym (one per owner and key epoch). A member seen both openly and anonymously counts twice on purpose:
 * merging them would tell the owner who the anonymous viewer was.
 */
export const viewerKey = sql`coalesce(${searchAnalytics.visitorId}::text, 'anon:' || ${searchAnalytics.pseudonym})`;
