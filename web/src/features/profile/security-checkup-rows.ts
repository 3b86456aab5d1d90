import type { SecurityCheckup } from "#contract/api/account-alerts.ts";

/** One line of the Security checkup: a figure, whether it wants attention, and the section that changes it. */
export type CheckupRow = {
  label: string;
  value: string;
  attention: boolean;
  action: string;
  sectionId: string;
};

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;
const day = (iso: string) =>
  new Intl.DateTimeFormat(undefined, { dateStyle: "medium" }).format(new Date(iso));

/** The checkup's lines, in the order of the dialog's sections. */
export function checkupRows(figures: SecurityCheckup): CheckupRow[] {
  const { authenticatorApp, passkeys, recoveryCodesLeft, sessions, passwordChangedAt } = figures;
  return [
    {
      label: "Second factor",
      value: authenticatorApp ? "Authenticator app on" : "Authenticator app off",
      attention: !authenticatorApp && passkeys === 0,
      action: authenticatorApp ? "Manage" : "Set up",
      sectionId: "authenticator-heading",
    },
    {
      label: "Passkeys",
      value: passkeys === 0 ? "None yet" : plural(passkeys, "passkey", "passkeys"),
      attention: false,
      action: passkeys === 0 ? "Add" : "Manage",
      sectionId: "passkeys-heading",
    },
    {
      label: "Recovery codes",
      value:
        recoveryCodesLeft === null
          ? "Come with the authenticator app"
          : `${plural(recoveryCodesLeft, "code", "codes")} left`,
      attention: recoveryCodesLeft !== null && recoveryCodesLeft <= 2,
      action: recoveryCodesLeft === null ? "Set up" : "New codes",
      sectionId: "authenticator-heading",
    },
    {
      label: "Sessions",
      value: `Signed in on ${plural(sessions, "device", "devices")}`,
      attention: false,
      action: "Review",
      sectionId: "sessions-heading",
    },
    {
      label: "Password",
      value: passwordChangedAt ? `Last changed ${day(passwordChangedAt)}` : "Last change not recorded",
      attention: false,
      action: "Change",
      sectionId: "change-password-heading",
    },
  ];
}
