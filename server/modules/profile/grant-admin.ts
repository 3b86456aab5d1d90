import { emailSchema } from "#contract/api/auth.ts";
import type { Database } from "#server/db/client.ts";
import { AppError } from "#server/lib/app-error.ts";
import { hasSecondFactor } from "#server/modules/second-factor/second-factor.service.ts";
import { createProfileRepository } from "./profile.repository.ts";

export type GrantAdminResult = {
  email: string;
  /** False when the member already was an administrator. */
  changed: boolean;
  /** Whether they have an authenticator app or a passkey, which the admin unlock asks for. */
  hasSecondFactor: boolean;
};

/**
 * Gives the member with this e-mail `role = admin` (for `npm run admin:grant -- EMAIL`). The role does not
 * depend on the address being verified: whoever runs this vouches for the account.
 */
export async function grantAdmin(db: Database, rawEmail: string): Promise<GrantAdminResult> {
  const parsed = emailSchema.safeParse(rawEmail);
  if (!parsed.success) throw new AppError("validation", `Not an e-mail address: ${rawEmail}`);
  const email = parsed.data;
  const profileRepo = createProfileRepository(db);
  const member = await profileRepo.findByEmail(email);
  if (!member) throw new AppError("not_found", `No member has the e-mail address ${email}`);
  const result = { email, hasSecondFactor: hasSecondFactor(member) };
  if (member.role === "admin") return { ...result, changed: false };
  await profileRepo.update(member.id, { role: "admin" });
  return { ...result, changed: true };
}

/**
 * What `admin:grant` prints. When the unlock asks for a second factor (ADMIN_REQUIRE_SECOND_FACTOR, on by
 * default) and the member has none, it says so: the role alone does not open the admin panel.
 */
export function grantAdminReport(result: GrantAdminResult, options: { requireSecondFactor: boolean }) {
  const lines = [
    result.changed
      ? `${result.email} is now an administrator.`
      : `${result.email} was already an administrator.`,
  ];
  if (options.requireSecondFactor && !result.hasSecondFactor) {
    lines.push(
      "Before the admin panel unlocks, they must set up a second factor: an authenticator app or a passkey " +
        "in Security settings.",
    );
  }
  return lines.join("\n");
}
