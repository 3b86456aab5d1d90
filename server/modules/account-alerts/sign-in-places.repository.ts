import { and, desc, eq, gt, lte, notInArray } from "drizzle-orm";
import type { Database } from "#server/db/client.ts";
import { profiles, signInPlaces } from "#server/db/schema/index.ts";

/** The places members signed in from (keyed networks and browser families), and the choice to hear of new ones. */
export function createSignInPlacesRepository(db: Database) {
  return {
    /** The member's places last seen after `since`. */
    known: (userId: string, since: Date) =>
      db
        .select({ networkKey: signInPlaces.networkKey, browser: signInPlaces.browser })
        .from(signInPlaces)
        .where(and(eq(signInPlaces.userId, userId), gt(signInPlaces.lastSeenAt, since))),

    /** The member's places, most recently seen first: what a data export gives them. */
    listOf: (userId: string) =>
      db
        .select({ browser: signInPlaces.browser, lastSeenAt: signInPlaces.lastSeenAt })
        .from(signInPlaces)
        .where(eq(signInPlaces.userId, userId))
        .orderBy(desc(signInPlaces.lastSeenAt)),

    /** Records a sign-in from this place, then keeps only the member's `kept` most recently seen places. */
    async remember(userId: string, place: { networkKey: string; browser: string }, at: Date, kept: number) {
      await db
        .insert(signInPlaces)
        .values({ userId, ...place, lastSeenAt: at })
        .onConflictDoUpdate({
          target: [signInPlaces.userId, signInPlaces.networkKey, signInPlaces.browser],
          set: { lastSeenAt: at },
        });
      const newest = db
        .select({ id: signInPlaces.id })
        .from(signInPlaces)
        .where(eq(signInPlaces.userId, userId))
        .orderBy(desc(signInPlaces.lastSeenAt))
        .limit(kept);
      await db
        .delete(signInPlaces)
        .where(and(eq(signInPlaces.userId, userId), notInArray(signInPlaces.id, newest)));
    },

    /** Forgets places not seen since `before`; answers how many. */
    async forgetOlderThan(before: Date) {
      const rows = await db
        .delete(signInPlaces)
        .where(lte(signInPlaces.lastSeenAt, before))
        .returning({ id: signInPlaces.id });
      return rows.length;
    },

    async setNewSignInEmails(userId: string, enabled: boolean) {
      const [row] = await db
        .update(profiles)
        .set({ newSignInEmails: enabled })
        .where(eq(profiles.id, userId))
        .returning({ newSignInEmails: profiles.newSignInEmails });
      return row;
    },
  };
}

export type SignInPlacesRepository = ReturnType<typeof createSignInPlacesRepository>;
