import { BadgeCheck, CircleAlert } from "lucide-react";
import type { ReactNode } from "react";
import type { Profile } from "#contract/api/profile.ts";
import { getPlanCapabilities } from "#contract/plans.ts";
import { DraggableDialog } from "#web/components/draggable-dialog.tsx";
import { BlockedMembersSection } from "#web/features/safety/index.ts";
import { getFullName } from "#web/lib/person.ts";
import { AuthenticatorAppSection } from "./authenticator-app-section.tsx";
import { ChangeEmailForm } from "./change-email-form.tsx";
import { ChangePasswordForm } from "./change-password-form.tsx";
import { DownloadMyDataSection } from "./download-my-data-section.tsx";
import { PasskeysSection } from "./passkeys-section.tsx";
import { SecurityCheckupCard } from "./security-checkup-card.tsx";
import { SignedInSessions } from "./signed-in-sessions.tsx";

export type SecuritySettingsDialogProps = {
  profile: Profile;
  open: boolean;
  onOpenChange: (open: boolean) => void;
};

const memberSince = (iso: string) =>
  new Intl.DateTimeFormat(undefined, { dateStyle: "long" }).format(new Date(iso));

/**
 * Security Settings (draggable): account info, the security checkup, change e-mail, change password, the
 * authenticator app, passkeys, where you're signed in.
 */
export function SecuritySettingsDialog({ profile, open, onOpenChange }: SecuritySettingsDialogProps) {
  return (
    <DraggableDialog
      open={open}
      onOpenChange={onOpenChange}
      title="Security Settings"
      description="Your account details, e-mail address, password, second factor and where you're signed in."
      className="max-w-xl"
    >
      <div className="grid gap-6 p-5">
        <section aria-labelledby="account-info-heading" className="grid gap-3">
          <h3 id="account-info-heading" className="font-semibold text-slate-900">
            Account Information
          </h3>
          <dl className="grid gap-x-4 gap-y-2 rounded-xl border border-slate-200 bg-slate-50 p-4 text-sm sm:grid-cols-[auto_1fr]">
            <Info term="Name">{getFullName(profile)}</Info>
            <Info term="Email">
              <span className="break-all">{profile.email}</span>{" "}
              {profile.emailVerified ? (
                <span className="inline-flex items-center gap-1 text-emerald-700">
                  <BadgeCheck className="size-4" aria-hidden="true" />
                  Verified
                </span>
              ) : (
                <span className="inline-flex items-center gap-1 text-amber-800">
                  <CircleAlert className="size-4" aria-hidden="true" />
                  Not verified
                </span>
              )}
            </Info>
            <Info term="Tagg">{profile.tagg ? `@${profile.tagg}` : "Not claimed yet"}</Info>
            <Info term="Plan">{getPlanCapabilities(profile.subscriptionStatus).badgeLabel}</Info>
            <Info term="Member since">{memberSince(profile.createdAt)}</Info>
          </dl>
        </section>
        <SecurityCheckupCard />
        <ChangeEmailForm profile={profile} />
        <div className="border-t border-slate-100" />
        <ChangePasswordForm />
        <div className="border-t border-slate-100" />
        <AuthenticatorAppSection profile={profile} />
        <PasskeysSection />
        <div className="border-t border-slate-100" />
        <SignedInSessions />
        <BlockedMembersSection />
        <DownloadMyDataSection />
      </div>
    </DraggableDialog>
  );
}

function Info({ term, children }: { term: string; children: ReactNode }) {
  return (
    <>
      <dt className="font-medium text-slate-500">{term}</dt>
      <dd className="text-slate-900">{children}</dd>
    </>
  );
}
