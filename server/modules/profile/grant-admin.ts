import { emailSchema } from "#contract/api/auth.ts";
import type { Database } from "#server/db/client.ts";
import { AppError } from "#server/lib/app-error.ts";
import { createProfileRepository } from "./profile.repository.ts";

/**
 * Gives the member with this e-mail `role = admin` (for `npm run admin:grant -- EMAIL`). The role does not
 * depend on the address being verified: whoever runs this vouches for the account.
 */
export async function grantAdmin(
  db: Database,
  rawEmail: string,
): Promise<{ email: string; changed: boolean }> {
  const parsed = emailSchema.safeParse(rawEmail);
  if (!parsed.success) throw new AppError("validation", `Not an e-mail address: ${rawEmail}`);
  const email = parsed.data;
  const profileRepo = createProfileRepository(db);
  const member = await profileRepo.findByEmail(email);
  if (!member) throw new AppError("not_found", `No member has the e-mail address ${email}`);
  if (member.role === "admin") return { email, changed: false };
  await profileRepo.update(member.id, { role: "admin" });
  return { email, changed: true };
}
