import { describe, expect, it } from "vitest";
import { resetDependencies } from "#server/db/reset-authenticator-command.ts";
import { createBackgroundTasks } from "#server/lib/background-tasks.ts";
import { configuredMailer } from "#server/lib/mailer.ts";
import { createAccountChangesService } from "#server/modules/account-alerts/account-changes.service.ts";
import { asMember, enrolAuthenticatorApp, registerMember } from "#server/test/factories.ts";
import { signIn } from "#server/test/sign-in.ts";
import { createTestApp, manualClock, type TestApp } from "#server/test/test-app.ts";
import { operatorResetReport, resetAuthenticatorApp } from "./operator-reset.ts";

/** The operator's reset as `tagit reset-authenticator` composes it, writing its e-mail to the test's outbox. */
async function operatorReset(t: TestApp, email: string) {
  const background = createBackgroundTasks(t.app.log);

  const accountChanges = createAccountChangesService({
    mailer: await configuredMailer(t.config, t.app.log),
    background,
    clock: t.clock,
    publicUrl: t.config.publicUrl,
    supportEmail: undefined,
  });
  const result = await resetAuthenticatorApp(resetDependencies(t.db, accountChanges.changed), email);
  await background.drain();
  return result;
}

describe("the operator's reset of a member's authenticator app", () => {
  it("turns the app and its codes off, ends every session and tells the member; the password then signs in", async () => {
    const t = await createTestApp({ clock: manualClock() });
    const member = await registerMember(t);
    await enrolAuthenticatorApp(t, member);
    const before = await signIn(t, member);
    expect(before.json()).toMatchObject({ secondFactorRequired: true });

    const result = await operatorReset(t, member.input.email.toUpperCase());
    expect(result).toEqual({ email: member.input.email, changed: true, sessionsEnded: 1 });
    expect(operatorResetReport(result)).toContain(`The authenticator app of ${member.input.email} is off`);

    await expect
      .poll(
        async () =>
          (await t.app.inject({ url: "/api/profile", headers: asMember(member.cookie) })).statusCode,
      )
      .toBe(401);
    const after = await signIn(t, member);
    expect(after.statusCode).toBe(200);
    expect(after.json()).not.toHaveProperty("secondFactorRequired");
    const mail = (await t.outbox()).join("\n");
    expect(mail).toContain("The authenticator app of your Tagit account was turned off");
    expect(mail).toContain(member.input.email);

    // Once is enough: a second run changes nothing and says so.
    const again = await operatorReset(t, member.input.email);
    expect(again).toEqual({ email: member.input.email, changed: false, sessionsEnded: 0 });
    expect(operatorResetReport(again)).toContain("nothing changed");
  });

  it("refuses an address that is not one, or that no member has, changing nothing", async () => {
    const t = await createTestApp();
    const member = await registerMember(t);
    await enrolAuthenticatorApp(t, member);
    await expect(operatorReset(t, "not an address")).rejects.toMatchObject({ code: "validation" });
    await expect(operatorReset(t, "nobody@example.com")).rejects.toMatchObject({
      code: "not_found",
      message: "No member has the e-mail address nobody@example.com",
    });
    expect((await signIn(t, member)).json()).toMatchObject({ secondFactorRequired: true });
  });
});
