import type { Profile } from "#contract/api/profile.ts";
import { WhatWeDoDialog } from "#web/features/content/what-we-do-dialog.tsx";
import { EditProfileDialog } from "#web/features/profile/edit-profile-dialog.tsx";
import { SecuritySettingsDialog } from "#web/features/profile/security-settings-dialog.tsx";

export type HeaderDialog = "edit" | "security" | "what-we-do";

export type HeaderDialogsProps = {
  profile: Profile;
  open: HeaderDialog | null;
  onOpenChange: (open: HeaderDialog | null) => void;
};

/** The dialogs behind the dashboard header's Edit, Security and What We Do buttons; at most one is open. */
export default function HeaderDialogs({ profile, open, onOpenChange }: HeaderDialogsProps) {
  const change = (name: HeaderDialog) => (isOpen: boolean) => onOpenChange(isOpen ? name : null);
  return (
    <>
      <EditProfileDialog
        profile={profile}
        open={open === "edit"}
        onOpenChange={change("edit")}
        onOpenSecurity={() => onOpenChange("security")}
      />
      <SecuritySettingsDialog
        profile={profile}
        open={open === "security"}
        onOpenChange={change("security")}
      />
      <WhatWeDoDialog open={open === "what-we-do"} onOpenChange={change("what-we-do")} />
    </>
  );
}
