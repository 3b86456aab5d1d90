import type { AdminListQuery } from "#contract/api/admin.ts";
import { POST_MESSAGES } from "#contract/api/posts.ts";
import { PROFILE_MESSAGES, type Profile, type UpdateProfileBody } from "#contract/api/profile.ts";
import type { SocialLinks } from "#contract/api/social-links.ts";
import { type ErrorCode, MESSAGES } from "#contract/errors.ts";
import type { ProfileRow } from "#server/db/schema/index.ts";
import { type Transact, type Tx, transactOn } from "#server/db/transaction.ts";
import { AppError } from "#server/lib/app-error.ts";
import type { Clock } from "#server/lib/clock.ts";
import { hashPassword, verifyPassword } from "#server/lib/passwords.ts";
import type { AuthService } from "#server/modules/auth/auth.service.ts";
import type { SessionsService } from "#server/modules/auth/sessions.service.ts";
import type { TaggsService } from "#server/modules/taggs/taggs.service.ts";
import { toProfile as toProfileView, toSocialLinks } from "./profile.mapper.ts";
import type { ProfileListFilter, ProfileRepository } from "./profile.repository.ts";

type ParsedUpdate = Omit<UpdateProfileBody, "wallpaperPosition"> & { wallpaperPosition?: string };

type Deps = {
  transact: Transact;
  profileRepo: ProfileRepository;
  /** The same repository on a caller's transaction (an administrator's write and its audit row). */
  profileRepoOn: (tx: Tx) => ProfileRepository;
  /** Whether this member uploaded the image (avatars and wallpapers must be their own uploads). */
  ownsUpload: (userId: string, originalPath: string) => Promise<boolean>;
  removeFiles: (paths: string[]) => Promise<void>;
  /** Ends a live subscription at the payment provider before the account goes. */
  endSubscription: (user: ProfileRow) => Promise<void>;
  /** The e-mail or name changed: the payment provider's customer is updated in the background. */
  contactDetailsChanged: (user: ProfileRow) => void;
  /** The address changed: a verification link to the new one, a notice to the old one (in the background). */
  emailChanged: (previousEmail: string, user: ProfileRow) => void;
  /** The password changed: the member hears of it at their address (in the background). */
  passwordChanged: (user: ProfileRow) => void;
  /** An administrator asked to move the login to `newEmail`: a notice to the current address (background). */
  emailChangeRequested: (user: ProfileRow, newEmail: string) => void;
  /** The password or e-mail changed: outstanding password reset links are revoked. */
  revokeResetTokens: (userId: string, tx?: Tx) => Promise<void>;
  /** The account's own columns and its row: the login and password, and the deletion of the row. */
  accounts: Pick<AuthService, "changeLogin" | "deleteAccount">;
  /** The tagg a deleted member held goes with them. */
  taggs: Pick<TaggsService, "removeWithMember">;
  sessions: SessionsService;
  isAdmin: (row: ProfileRow) => boolean;
  clock: Clock;
};

/** What an administrator may change on a profile (the Edit Profile dialog). */
export type AdminProfileChanges = Pick<ProfileRow, "firstName" | "lastName" | "email" | "bio">;

export function createProfileService(deps: Deps) {
  const { profileRepo, ownsUpload, removeFiles, sessions, isAdmin } = deps;
  const toProfile = (row: ProfileRow): Profile =>
    toProfileView(row, { isAdmin: isAdmin(row), now: deps.clock.now() });

  /**
   * What follows a change of a member's e-mail or name, whoever made it (the member or an administrator):
   * a new address gets a verification link and the old one a notice, and the payment provider's customer is
   * updated — both in the background. A newly requested address (an administrator's edit) is announced to the
   * current one only. Call it once the change is committed.
   */
  function contactChanged(before: ProfileRow, after: ProfileRow) {
    const renamed = before.firstName !== after.firstName || before.lastName !== after.lastName;
    const emailChanged = before.email !== after.email;
    if (emailChanged) deps.emailChanged(before.email, after);
    if (emailChanged || renamed) deps.contactDetailsChanged(after);
    if (after.pendingEmail && after.pendingEmail !== before.pendingEmail) {
      deps.emailChangeRequested(after, after.pendingEmail);
    }
  }

  /**
   * Changes the caller's own profile. E-mail and password changes need the current password; a new
   * password signs out every other session. A new address replaces any one an administrator asked for.
   * A refusal about one field of the body names it in `fields` (`currentPassword`, `email`), where the form
   * that sent it shows it.
   */
  async function update(user: ProfileRow, sessionId: string, body: ParsedUpdate): Promise<Profile> {
    const refused = (code: ErrorCode, message: string, field: keyof ParsedUpdate) =>
      new AppError(code, message, { [field]: message });
    const { currentPassword, password, email, ...plain } = body;
    const emailChanged = email !== undefined && email !== user.email;
    const sensitive = emailChanged || password !== undefined;
    if (sensitive) {
      if (!currentPassword) throw refused("validation", MESSAGES.currentPasswordRequired, "currentPassword");
      if (!(await verifyPassword(user.passwordHash, currentPassword))) {
        throw refused("wrong_password", MESSAGES.wrongCurrentPassword, "currentPassword");
      }
    }
    for (const image of [plain.profilePictureUrl, plain.wallpaperUrl]) {
      if (image && !(await ownsUpload(user.id, image)))
        throw new AppError("validation", POST_MESSAGES.imageNotYours);
    }
    if (emailChanged && (await profileRepo.findByEmail(email))) {
      throw refused("email_taken", MESSAGES.emailTaken, "email");
    }
    const passwordHash = password === undefined ? undefined : await hashPassword(password);
    const changes = { ...plain, ...(emailChanged && { pendingEmail: null }) };
    // The login and the password are the account's columns (auth's): set in the same transaction as the rest.
    const updated = await deps.transact(async (tx) => {
      const login = sensitive
        ? await deps.accounts.changeLogin(
            user.id,
            { email: emailChanged ? email : undefined, passwordHash },
            deps.clock.now(),
            tx,
          )
        : undefined;
      const profileChanged = Object.values(changes).some((value) => value !== undefined);
      // A body that names only what already holds (the current e-mail) changes nothing, not even the stamp.
      if (!profileChanged) return login ?? user;
      return deps.profileRepoOn(tx).update(user.id, changes);
    });
    if (!updated) throw new AppError("unauthenticated", MESSAGES.notSignedIn);
    if (sensitive) await deps.revokeResetTokens(user.id);
    if (password !== undefined) {
      await sessions.endAllForUser(user.id, sessionId);
      // To the address before this update: with a new e-mail too, the old address is the one to warn.
      deps.passwordChanged(user);
    }
    contactChanged(user, updated);
    return toProfile(updated);
  }

  return {
    toProfile,
    contactChanged,

    /** The Profiles list of the admin panel, optionally of one role. */
    list: (query: AdminListQuery, filter?: ProfileListFilter) => profileRepo.list(query, filter),

    find: (id: string, tx?: Tx) => (tx ? deps.profileRepoOn(tx) : profileRepo).findById(id),

    /** On a role change's transaction: every administrator's id, their rows locked until it ends. */
    lockAdministrators: (adminEmails: ReadonlySet<string>, tx: Tx) =>
      deps.profileRepoOn(tx).lockAdministrators(adminEmails),

    /** Every administrator's id, read on the caller's transaction when given. */
    administrators: (adminEmails: ReadonlySet<string>, tx?: Tx) =>
      (tx ? deps.profileRepoOn(tx) : profileRepo).administrators(adminEmails),

    /** An administrator grants or removes the stored role, on their transaction; undefined when the member is gone. */
    setRole: (id: string, role: ProfileRow["role"], tx: Tx) => deps.profileRepoOn(tx).update(id, { role }),

    /** The data cleanup: members not active since `before`, never `exceptId` (the administrator asking). */
    findInactive: (before: Date, exceptId: string, limit: number) =>
      profileRepo.findInactive(before, exceptId, limit),

    /**
     * On a deletion's transaction: whether the member still exists (and, with `inactiveBefore`, is still
     * inactive), their row locked until it ends.
     */
    lock: (id: string, inactiveBefore: Date | undefined, tx: Tx) =>
      deps.profileRepoOn(tx).lock(id, inactiveBefore),

    findByEmail: (email: string, tx?: Tx) => (tx ? deps.profileRepoOn(tx) : profileRepo).findByEmail(email),

    findByTagg: (tagg: string, tx?: Tx) => (tx ? deps.profileRepoOn(tx) : profileRepo).findByTagg(tagg),

    /**
     * An administrator's edit, on their transaction. An administrator cannot move a member's login: a new
     * address is stored (lower-case) as `pendingEmail` and the login stays until the member confirms it; the
     * current address clears a pending one; an address another member holds is refused. After commit the
     * caller runs `contactChanged`, which tells the member at their current address.
     */
    async adminUpdate(id: string, changes: AdminProfileChanges, tx: Tx) {
      const repo = deps.profileRepoOn(tx);
      const before = await repo.findById(id);
      if (!before) return undefined;
      const { email, ...names } = changes;
      const requested = email.toLowerCase();
      const moving = requested !== before.email;
      if (moving && (await repo.findByEmail(requested))) {
        throw new AppError("email_taken", MESSAGES.emailTaken, { email: MESSAGES.emailTaken });
      }
      const after = await repo.update(id, { ...names, pendingEmail: moving ? requested : null });
      if (!after) return undefined;
      return { before, after };
    },

    update,

    /**
     * The member confirms the login change an administrator asked for, with their current password: exactly
     * their own e-mail change to the pending address (verification restarts with a link to it, the old address
     * is told, reset links are revoked, the billing contact follows), which also clears the pending address.
     */
    async confirmEmailChange(user: ProfileRow, sessionId: string, currentPassword: string): Promise<Profile> {
      const pending = user.pendingEmail;
      if (!pending) throw new AppError("conflict", PROFILE_MESSAGES.noPendingEmail);
      if (pending !== user.email) {
        return update(user, sessionId, { email: pending, currentPassword });
      }
      // Already the login address (nothing to move): the password is still checked before clearing it.
      if (!(await verifyPassword(user.passwordHash, currentPassword))) {
        throw new AppError("wrong_password", MESSAGES.wrongCurrentPassword, {
          currentPassword: MESSAGES.wrongCurrentPassword,
        });
      }
      const updated = await profileRepo.update(user.id, { pendingEmail: null });
      if (!updated) throw new AppError("unauthenticated", MESSAGES.notSignedIn);
      return toProfile(updated);
    },

    /** The member declines the login change an administrator asked for: it is forgotten, nothing else changes. */
    async declinePendingEmail(user: ProfileRow): Promise<void> {
      if (user.pendingEmail) await profileRepo.update(user.id, { pendingEmail: null });
    },

    /** The member's social links, empty platforms left out. */
    socialLinks: (user: ProfileRow): SocialLinks => toSocialLinks(user.socialLinks),

    /** Replaces the member's links (already validated: http(s) only, at most 12 shortcuts). */
    async setSocialLinks(userId: string, links: SocialLinks): Promise<SocialLinks> {
      const platforms = Object.fromEntries(Object.entries(links.platforms).filter(([, url]) => Boolean(url)));
      const updated = await profileRepo.update(userId, {
        socialLinks: { platforms, shortcuts: links.shortcuts },
      });
      if (!updated) throw new AppError("unauthenticated", MESSAGES.notSignedIn);
      return toSocialLinks(updated.socialLinks);
    },

    /**
     * The member's data exports (their pace is the data-export module's rule): marks one begun at `now` unless
     * one began after `since`, atomically; true when marked.
     */
    startDataExport: (userId: string, now: Date, since: Date) =>
      profileRepo.startDataExport(userId, now, since),

    /** When the member's latest data export began; null when none counts. */
    dataExportStartedAt: (userId: string) => profileRepo.dataExportStartedAt(userId),

    /** Forgets the export that began at `startedAt` (it failed), unless a later one has begun since. */
    forgetDataExport: (userId: string, startedAt: Date) => profileRepo.forgetDataExport(userId, startedAt),

    /**
     * Deletes the account with everything it owns, rows first and then the files; answers when done. The one
     * way an account goes: the member's own deletion, an administrator's, and the data cleanup all call it.
     * `inTransaction` runs in the transaction that deletes the rows, before them (an administrator's audit row,
     * the cleanup's re-check): if it throws, nothing of the account's rows is deleted.
     */
    async delete(user: ProfileRow, { inTransaction }: { inTransaction?: (tx: Tx) => Promise<void> } = {}) {
      // First, so a provider outage leaves the account as it was rather than a deleted member still billed.
      await deps.endSubscription(user);
      // The member's named searches and views go with the row (ON DELETE CASCADE); their anonymous ones were
      // never tied to them, so they stay in the owners' lists untouched.
      const files = await deps.transact(async (tx) => {
        await inTransaction?.(tx);
        // The rows go in a savepoint of their own, the account's row (auth's) and then the tagg (the taggs').
        return transactOn(tx)(async (rows) => {
          const stored = await deps.profileRepoOn(rows).storedFilesOf(user.id);
          const tagg = await deps.accounts.deleteAccount(user.id, rows);
          if (tagg) await deps.taggs.removeWithMember(tagg, rows);
          return stored;
        });
      });
      await removeFiles(files);
    },
  };
}

export type ProfileService = ReturnType<typeof createProfileService>;
