import { POST_MESSAGES } from "#contract/api/posts.ts";
import type { Profile, UpdateProfileBody } from "#contract/api/profile.ts";
import type { SocialLinks } from "#contract/api/social-links.ts";
import { MESSAGES } from "#contract/errors.ts";
import type { ProfileRow } from "#server/db/schema/index.ts";
import { AppError } from "#server/lib/app-error.ts";
import { hashPassword, verifyPassword } from "#server/lib/passwords.ts";
import type { SessionsService } from "#server/modules/auth/sessions.service.ts";
import { toProfile as toProfileView, toSocialLinks } from "./profile.mapper.ts";
import type { ProfileRepository } from "./profile.repository.ts";

type ParsedUpdate = Omit<UpdateProfileBody, "wallpaperPosition"> & { wallpaperPosition?: string };

type Deps = {
  profileRepo: ProfileRepository;
  /** Whether this member uploaded the image (avatars and wallpapers must be their own uploads). */
  ownsUpload: (userId: string, originalPath: string) => Promise<boolean>;
  removeFiles: (paths: string[]) => Promise<void>;
  /** Removes the member's searches and views from every owner's analytics, anonymous ones included. */
  deleteSearchHistory: (user: ProfileRow) => Promise<unknown>;
  /** Ends a live subscription at the payment provider before the account goes. */
  endSubscription: (user: ProfileRow) => Promise<void>;
  /** The e-mail or name changed: the payment provider's customer is updated in the background. */
  contactDetailsChanged: (user: ProfileRow) => void;
  /** The address changed: a verification link to the new one, a notice to the old one (in the background). */
  emailChanged: (previousEmail: string, user: ProfileRow) => void;
  /** The password or e-mail changed: outstanding password reset links are revoked. */
  revokeResetTokens: (userId: string) => Promise<void>;
  sessions: SessionsService;
  isAdmin: (row: ProfileRow) => boolean;
};

export function createProfileService(deps: Deps) {
  const { profileRepo, ownsUpload, removeFiles, sessions, isAdmin } = deps;
  const toProfile = (row: ProfileRow): Profile => toProfileView(row, { isAdmin: isAdmin(row) });

  return {
    toProfile,

    /**
     * Changes the caller's own profile. E-mail and password changes need the current password; a new
     * password signs out every other session.
     */
    async update(user: ProfileRow, sessionId: string, body: ParsedUpdate): Promise<Profile> {
      const { currentPassword, password, email, ...plain } = body;
      const emailChanged = email !== undefined && email !== user.email;
      const sensitive = emailChanged || password !== undefined;
      if (sensitive) {
        if (!currentPassword) throw new AppError("validation", MESSAGES.currentPasswordRequired);
        if (!(await verifyPassword(user.passwordHash, currentPassword))) {
          throw new AppError("wrong_password", MESSAGES.wrongCurrentPassword);
        }
      }
      for (const image of [plain.profilePictureUrl, plain.wallpaperUrl]) {
        if (image && !(await ownsUpload(user.id, image)))
          throw new AppError("validation", POST_MESSAGES.imageNotYours);
      }
      if (emailChanged && (await profileRepo.findByEmail(email))) {
        throw new AppError("email_taken", MESSAGES.emailTaken);
      }
      const updated = await profileRepo.update(user.id, {
        ...plain,
        ...(emailChanged && { email, emailVerified: false }),
        ...(password !== undefined && { passwordHash: await hashPassword(password) }),
      });
      if (!updated) throw new AppError("unauthenticated", MESSAGES.notSignedIn);
      if (sensitive) await deps.revokeResetTokens(user.id);
      if (password !== undefined) await sessions.endAllForUser(user.id, sessionId);
      const renamed =
        (plain.firstName !== undefined && plain.firstName !== user.firstName) ||
        (plain.lastName !== undefined && plain.lastName !== user.lastName);
      if (emailChanged) deps.emailChanged(user.email, updated);
      if (emailChanged || renamed) deps.contactDetailsChanged(updated);
      return toProfile(updated);
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

    /** Deletes the account with everything it owns, rows first and then the files; answers when done. */
    async delete(user: ProfileRow) {
      // First, so a provider outage leaves the account as it was rather than a deleted member still billed.
      await deps.endSubscription(user);
      // Unlinks the member's anonymous searches, which carry only their keyed hash (ON DELETE CASCADE takes
      // the named ones); they stay in the owners' lists, tied to nobody.
      await deps.deleteSearchHistory(user);
      await removeFiles(await profileRepo.delete(user.id));
    },
  };
}

export type ProfileService = ReturnType<typeof createProfileService>;
