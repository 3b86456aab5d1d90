import type { Profile } from "#contract/api/profile.ts";
import { NotificationBell } from "#web/features/notifications/notification-bell.tsx";
import { AccountMenu } from "./account-menu.tsx";

/** The signed-in member's header controls: notifications and the account menu. */
export function MemberControls({ profile }: { profile: Profile }) {
  return (
    <>
      <NotificationBell profile={profile} />
      <AccountMenu profile={profile} />
    </>
  );
}
