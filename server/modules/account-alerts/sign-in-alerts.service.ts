import { SIGN_IN_ALERTS } from "#contract/limits.ts";
import type { ProfileRow } from "#server/db/schema/index.ts";
import type { Tx } from "#server/db/transaction.ts";
import type { BackgroundTasks } from "#server/lib/background-tasks.ts";
import type { Clock } from "#server/lib/clock.ts";
import { addDays } from "#server/lib/days.ts";
import type { Mailer } from "#server/lib/mailer.ts";
import { hashToken, newToken } from "#server/lib/tokens.ts";
import { deviceLabel } from "#server/modules/auth/device-label.ts";
import { newSignInEmail } from "./account-alert-emails.ts";
import type { NetworkKeys } from "./sign-in-place.ts";
import { signInPlaceOf } from "./sign-in-place.ts";
import type { SignInPlacesRepository } from "./sign-in-places.repository.ts";
import { createWasntMeTokensRepository, type WasntMeTokensRepository } from "./wasnt-me-tokens.repository.ts";

type Deps = {
  placesRepo: SignInPlacesRepository;
  tokensRepo: WasntMeTokensRepository;
  networkKeys: NetworkKeys;
  mailer: Mailer;
  background: BackgroundTasks;
  clock: Clock;
  publicUrl: string;
};

type RequestMeta = { userAgent?: string; ipAddress?: string };
type Member = Pick<ProfileRow, "id" | "email" | "firstName" | "newSignInEmails">;

/**
 * Sign-ins from a new place: each successful sign-in is remembered (a keyed network and a browser family), and
 * one from a network *and* a browser family the member has not signed in from lately is mailed to them with a
 * "Wasn't me" link, unless they muted these e-mails. With nothing remembered (the sign-in of a registration,
 * or places all forgotten) there is nothing to compare with and nothing is mailed.
 */
export function createSignInAlertsService(deps: Deps) {
  const { placesRepo, clock } = deps;

  async function check(member: Member, meta: RequestMeta, first: boolean) {
    const now = clock.now();
    const place = signInPlaceOf(meta);
    const networkKey = deps.networkKeys(member.id, place.network);
    const known = await placesRepo.known(member.id, addDays(now, -SIGN_IN_ALERTS.placeDays));
    const isNew =
      !first &&
      known.length > 0 &&
      known.every((seen) => seen.networkKey !== networkKey && seen.browser !== place.browser);
    await placesRepo.remember(
      member.id,
      { networkKey, browser: place.browser },
      now,
      SIGN_IN_ALERTS.placesKept,
    );
    if (!isNew || !member.newSignInEmails) return;
    const token = newToken();
    await deps.tokensRepo.insert({
      userId: member.id,
      email: member.email,
      tokenHash: hashToken(token),
      expiresAt: addDays(now, SIGN_IN_ALERTS.linkDays),
    });
    await deps.mailer.send({
      to: member.email,
      ...newSignInEmail({
        firstName: member.firstName,
        device: deviceLabel(meta.userAgent ?? null),
        network: place.label,
        at: now,
        wasntMeLink: `${deps.publicUrl}/wasnt-me?token=${encodeURIComponent(token)}`,
        settingsLink: `${deps.publicUrl}/dashboard`,
      }),
    });
  }

  return {
    /**
     * A session started (`first`: the one a registration opens). Checked and mailed in the background: the
     * sign-in never waits for it or fails with it.
     */
    signedIn(member: Member, meta: RequestMeta, { first = false } = {}) {
      deps.background.run("sign-in-place", () => check(member, meta, first));
    },

    /**
     * On the caller's transaction: redeems a "Wasn't me" link, once, and only while the address it was mailed to
     * is still the member's login (`isLoginOf`). Answers the member's id; undefined for any other link.
     */
    async redeemWasntMe(
      token: string,
      isLoginOf: (userId: string, email: string) => Promise<boolean>,
      tx: Tx,
    ) {
      const tokens = createWasntMeTokensRepository(tx);
      const redeemed = await tokens.consume(hashToken(token), clock.now());
      if (!redeemed || !(await isLoginOf(redeemed.userId, redeemed.email))) return undefined;
      await tokens.revokeForUser(redeemed.userId);
      return redeemed.userId;
    },

    /**
     * What is kept of where the member signed in, for their data export: each browser family and when it last
     * signed in from that network; the network itself is kept only as a keyed hash, which tells them nothing.
     */
    async placesOf(userId: string) {
      const rows = await placesRepo.listOf(userId);
      return rows.map((row) => ({ browser: row.browser, lastSignInAt: row.lastSeenAt.toISOString() }));
    },

    /** Mutes (false) or restores (true) the new-sign-in e-mails. */
    setNewSignInEmails: (userId: string, enabled: boolean) => placesRepo.setNewSignInEmails(userId, enabled),

    /** The clean-up: links used or expired, and places not seen for SIGN_IN_ALERTS.placeDays. */
    async deleteSpent() {
      const now = clock.now();
      const links = await deps.tokensRepo.deleteSpent(now);
      const places = await placesRepo.forgetOlderThan(addDays(now, -SIGN_IN_ALERTS.placeDays));
      return links + places;
    },
  };
}

export type SignInAlertsService = ReturnType<typeof createSignInAlertsService>;
