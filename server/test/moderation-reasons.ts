import { asc } from "drizzle-orm";
import { moderationReasons } from "#server/db/schema/index.ts";
import type { TestApp } from "./test-app.ts";

/**
 * One of the panel's moderation reasons (the first by label of those the migration seeds), as an administrator's
 * restricting action sends it, with the label the member is shown.
 */
export async function aModerationReason(t: TestApp, reasonText?: string) {
  const [reason] = await t.db.select().from(moderationReasons).orderBy(asc(moderationReasons.label)).limit(1);
  if (!reason) throw new Error("No moderation reason is seeded");
  return {
    body: { reasonId: reason.id, ...(reasonText && { reasonText }) },
    label: reason.label,
    rule: reason.rule,
  };
}
