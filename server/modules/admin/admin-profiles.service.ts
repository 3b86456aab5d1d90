import type { AdminListQuery } from "#contract/api/admin.ts";
import {
  ADMIN_PROFILE_MESSAGES,
  type AdminProfile,
  type AdminProfileBody,
  type AdminProfileUpdateBody,
  type AdminRole,
} from "#contract/api/admin-profiles.ts";
import { MESSAGES } from "#contract/errors.ts";
import { isForeignKeyViolation, isUniqueViolation, violatedConstraint } from "#server/db/errors.ts";
import type { ProfileRow } from "#server/db/schema/index.ts";
import type { Transact, Tx } from "#server/db/transaction.ts";
import { AppError } from "#server/lib/app-error.ts";
import type { AuthService } from "../auth/auth.service.ts";
import type { SessionsService } from "../auth/sessions.service.ts";
import type { ProfileService } from "../profile/profile.service.ts";
import type { TaggsService } from "../taggs/taggs.service.ts";
import type { AuditActor, AuditRepository } from "./audit.repository.ts";

type Deps = {
  transact: Transact;
  profiles: ProfileService;
  taggs: Pick<TaggsService, "isAvailable">;
  auth: Pick<AuthService, "createInvited" | "issueInvitation" | "sendInvitation">;
  auditRepoOn: (tx: Tx) => AuditRepository;
  sessions: Pick<SessionsService, "endAllAdminFor">;
  /** ADMIN_EMAILS: addresses whose verified holder is an administrator whatever the stored role says. */
  adminEmails: ReadonlySet<string>;
};

type ListRow = Awaited<ReturnType<ProfileService["list"]>>["items"][number];

/** Whether the member is an administrator because ADMIN_EMAILS lists their verified address. */
const listedIn = (adminEmails: ReadonlySet<string>, row: Pick<ProfileRow, "email" | "emailVerified">) =>
  row.emailVerified && adminEmails.has(row.email);

const toAdminProfile = (
  row: ListRow | ProfileRow,
  role: { isAdmin: boolean; fromConfig: boolean },
): AdminProfile => ({
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
  role: role.isAdmin ? "admin" : "member",
  roleFromConfig: role.fromConfig,
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
export function createAdminProfilesService({
  transact,
  profiles,
  taggs,
  auth,
  auditRepoOn,
  sessions,
  adminEmails,
}: Deps) {
  /** The app's rule of who is an administrator: the stored role, or a verified address in ADMIN_EMAILS. */
  const isAdmin = (row: ListRow | ProfileRow) => row.role === "admin" || listedIn(adminEmails, row);
  const toItem = (row: ListRow | ProfileRow) =>
    toAdminProfile(row, { isAdmin: isAdmin(row), fromConfig: listedIn(adminEmails, row) });

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
    /** The Profiles list; with `role`, only the administrators or only everyone else. */
    async list({ role, ...query }: AdminListQuery & { role?: AdminRole }) {
      const page = await profiles.list(query, role && { role, adminEmails });
      return { ...page, items: page.items.map(toItem) };
    },

    /**
     * Grants or removes the administrator role. Granting changes only the role: the member still sets up a
     * second factor before the admin panel unlocks for them. Removing it ends their admin sessions at once. The
     * last administrator cannot remove their own role (409 `last_admin`), and a role that ADMIN_EMAILS gives
     * cannot be removed here (409 `conflict`). Audited when the role changes; asking for the role a member
     * already has changes nothing.
     */
    async setRole(actor: AuditActor, id: string, role: AdminRole): Promise<AdminProfile> {
      return transact(async (tx) => {
        // Every administrator's row is locked first, so concurrent removals cannot leave nobody.
        const administrators = await profiles.lockAdministrators(adminEmails, tx);
        const before = await profiles.find(id, tx);
        if (!before) throw notFound();
        const wasAdmin = isAdmin(before);
        if (role === "member" && wasAdmin) {
          if (listedIn(adminEmails, before)) {
            throw new AppError("conflict", ADMIN_PROFILE_MESSAGES.roleFromConfig);
          }
          if (administrators.every((adminId) => adminId === id)) {
            throw new AppError("last_admin", MESSAGES.lastAdmin);
          }
        }
        if (before.role === role) return toItem(before);
        const after = await profiles.setRole(id, role, tx);
        if (!after) throw notFound();
        if (!isAdmin(after)) await sessions.endAllAdminFor(id, tx);
        await auditRepoOn(tx).record({
          actor,
          action: "profile.role",
          targetType: "profile",
          targetId: id,
          summary: {
            before: { role: wasAdmin ? "admin" : "member" },
            after: { role: isAdmin(after) ? "admin" : "member" },
          },
        });
        return toItem(after);
      });
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
        const row = await auth.createInvited({ ...body, bio: body.bio || null }, tx);
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
      return toItem(row);
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
      return toItem(after);
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
