import type { AdminListQuery } from "#contract/api/admin.ts";
import {
  ADMIN_PROFILE_MESSAGES,
  type AdminProfile,
  type AdminProfileBody,
  type AdminProfileUpdateBody,
} from "#contract/api/admin-profiles.ts";
import { MESSAGES } from "#contract/errors.ts";
import { isForeignKeyViolation, isUniqueViolation, violatedConstraint } from "#server/db/errors.ts";
import type { ProfileRow } from "#server/db/schema/index.ts";
import type { Transact, Tx } from "#server/db/transaction.ts";
import { AppError } from "#server/lib/app-error.ts";
import type { AuthService } from "../auth/auth.service.ts";
import type { ProfileService } from "../profile/profile.service.ts";
import type { TaggsService } from "../taggs/taggs.service.ts";
import type { AuditActor, AuditRepository } from "./audit.repository.ts";

type Deps = {
  transact: Transact;
  profiles: ProfileService;
  taggs: Pick<TaggsService, "isAvailable">;
  auth: Pick<AuthService, "issueInvitation" | "sendInvitation">;
  auditRepoOn: (tx: Tx) => AuditRepository;
};

type ListRow = Awaited<ReturnType<ProfileService["list"]>>["items"][number];

const toAdminProfile = (row: ListRow | ProfileRow): AdminProfile => ({
  id: row.id,
  tagg: row.tagg,
  firstName: row.firstName,
  lastName: row.lastName,
  email: row.email,
  pendingEmail: row.pendingEmail,
  bio: row.bio,
  ipAddress: row.ipAddress,
  subscriptionStatus: row.subscriptionStatus,
  // A day ("YYYY-MM-DD", UTC), as stored: an administrator never sees a member's activity finer than that.
  lastActive: row.lastActive,
  emailVerified: row.emailVerified,
  createdAt: row.createdAt.toISOString(),
});

const notFound = () => new AppError("not_found", MESSAGES.notFound);
const emailTaken = () => new AppError("email_taken", MESSAGES.emailTaken, { email: MESSAGES.emailTaken });
const taggHeld = () =>
  new AppError("conflict", ADMIN_PROFILE_MESSAGES.taggHeld, { tagg: ADMIN_PROFILE_MESSAGES.taggHeld });
const taggNotRegistered = () =>
  new AppError("validation", ADMIN_PROFILE_MESSAGES.taggNotRegistered, {
    tagg: ADMIN_PROFILE_MESSAGES.taggNotRegistered,
  });

/**
 * The fields of an edit that changed, before and after, for the audit row. An e-mail edit shows as the
 * pending address it requested, not as a change of the login (which only the member can make).
 */
function diff(before: ProfileRow, after: ProfileRow) {
  const keys = (["firstName", "lastName", "email", "pendingEmail", "bio"] as const).filter(
    (key) => before[key] !== after[key],
  );
  return {
    before: Object.fromEntries(keys.map((key) => [key, before[key]])),
    after: Object.fromEntries(keys.map((key) => [key, after[key]])),
  };
}

/**
 * The Profiles section of the admin panel. The profile module does the writes (on this service's
 * transaction, with the audit row); deletion is the member's own deletion path.
 */
export function createAdminProfilesService({ transact, profiles, taggs, auth, auditRepoOn }: Deps) {
  /** Runs a write; a race the checks did not see ends as the same answer the checks give. */
  async function write<T>(work: (tx: Tx) => Promise<T>): Promise<T> {
    try {
      return await transact(work);
    } catch (err) {
      if (isUniqueViolation(err)) throw violatedConstraint(err)?.includes("tagg") ? taggHeld() : emailTaken();
      if (isForeignKeyViolation(err)) throw taggNotRegistered();
      throw err;
    }
  }

  return {
    async list(query: AdminListQuery) {
      const page = await profiles.list(query);
      return { ...page, items: page.items.map(toAdminProfile) };
    },

    /**
     * Adds a profile for a registered tagg that no member holds. It gets no password: an invitation with a
     * set-password link (valid 7 days) is mailed once the profile and its audit row are committed.
     */
    async create(actor: AuditActor, body: AdminProfileBody): Promise<AdminProfile> {
      if ((await taggs.isAvailable(body.tagg)).available) throw taggNotRegistered();
      const { row, invitation } = await write(async (tx) => {
        if (await profiles.findByTagg(body.tagg, tx)) throw taggHeld();
        if (await profiles.findByEmail(body.email, tx)) throw emailTaken();
        const row = await profiles.createInvited({ ...body, bio: body.bio || null }, tx);
        const invitation = await auth.issueInvitation(row, tx);
        await auditRepoOn(tx).record({
          actor,
          action: "profile.create",
          targetType: "profile",
          targetId: row.id,
          summary: {
            after: { tagg: row.tagg, email: row.email, firstName: row.firstName, lastName: row.lastName },
          },
        });
        return { row, invitation };
      });
      auth.sendInvitation(invitation);
      return toAdminProfile(row);
    },

    /**
     * Edits names, e-mail and bio. A new e-mail does not move the login: it waits as the member's pending
     * address (they confirm it with their password after signing in, or decline it) and they are told at the
     * current one; the current address clears a pending one.
     */
    async update(actor: AuditActor, id: string, body: AdminProfileUpdateBody): Promise<AdminProfile> {
      const { before, after } = await write(async (tx) => {
        const changed = await profiles.adminUpdate(id, { ...body, bio: body.bio || null }, tx);
        if (!changed) throw notFound();
        await auditRepoOn(tx).record({
          actor,
          action: "profile.update",
          targetType: "profile",
          targetId: id,
          summary: diff(changed.before, changed.after),
        });
        return changed;
      });
      profiles.contactChanged(before, after);
      return toAdminProfile(after);
    },

    /**
     * Deletes through the member's own deletion path (provider subscription, analytics, files, affiliate
     * rows); the audit row is written in the transaction that deletes the rows.
     */
    async remove(actor: AuditActor, id: string) {
      if (id === actor.id) {
        throw new AppError("conflict", ADMIN_PROFILE_MESSAGES.cannotDeleteSelf);
      }
      const profile = await profiles.find(id);
      if (!profile) throw notFound();
      await profiles.delete(profile, {
        inTransaction: async (tx) => {
          // Gone in the meantime (another administrator): no audit row for a deletion that did not happen.
          if (!(await profiles.lock(id, undefined, tx))) throw notFound();
          await auditRepoOn(tx).record({
            actor,
            action: "profile.delete",
            targetType: "profile",
            targetId: id,
            summary: {
              before: {
                tagg: profile.tagg,
                email: profile.email,
                firstName: profile.firstName,
                lastName: profile.lastName,
              },
            },
          });
        },
      });
    },
  };
}

export type AdminProfilesService = ReturnType<typeof createAdminProfilesService>;
