import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { newSignInEmailsBodySchema, securityCheckupSchema } from "#contract/api/account-alerts.ts";
import { SIGN_IN_ALERTS } from "#contract/limits.ts";
import { documentedUnder } from "#server/plugins/api-docs/api-tags.ts";
import { requireMember } from "#server/plugins/auth.ts";
import type { SecurityCheckupService } from "./security-checkup.service.ts";
import type { SignInAlertsService } from "./sign-in-alerts.service.ts";

const member = { access: "member" } as const;

/** The Security checkup card and the member's choice to hear of sign-ins from a new place. */
export const accountAlertsRoutes: FastifyPluginAsyncZod<{
  checkup: SecurityCheckupService;
  signInAlerts: Pick<SignInAlertsService, "setNewSignInEmails">;
}> = async (app, { checkup, signInAlerts }) => {
  app.addHook("onRoute", documentedUnder("Auth"));

  app.get(
    "/api/security-checkup",
    {
      config: member,
      schema: {
        operationId: "getSecurityCheckup",
        summary: "My account's security at a glance",
        description:
          "Whether an authenticator app is on, how many passkeys, how many unused recovery codes (null without " +
          "an app), how many live sessions, when the password was last set (null when that was before Tagit " +
          "kept the date) and whether sign-ins from a new place are mailed.",
        response: { 200: securityCheckupSchema },
      },
    },
    (request) => {
      const { user, sessionId } = requireMember(request);
      return checkup.of(user, sessionId);
    },
  );

  app.put(
    "/api/security-checkup/new-sign-in-emails",
    {
      config: member,
      schema: {
        operationId: "setNewSignInEmails",
        summary: "Mute or restore the e-mails about sign-ins from a new place",
        description:
          "`enabled: false` stops the e-mail sent when the account is signed in to from a network and a browser " +
          `it was not used from in the last ${SIGN_IN_ALERTS.placeDays} days. E-mails about changes to the ` +
          "password, e-mail address, second factor, passkeys and payout details cannot be muted. Answers the " +
          "checkup with the new choice.",
        body: newSignInEmailsBodySchema,
        response: { 200: securityCheckupSchema },
      },
    },
    async (request) => {
      const { user, sessionId } = requireMember(request);
      const saved = await signInAlerts.setNewSignInEmails(user.id, request.body.enabled);
      return checkup.of(
        { ...user, newSignInEmails: saved?.newSignInEmails ?? request.body.enabled },
        sessionId,
      );
    },
  );
};
