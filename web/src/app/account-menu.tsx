import { Gavel, LayoutDashboard, LogOut } from "lucide-react";
import { useNavigate } from "react-router";
import type { Profile } from "#contract/api/profile.ts";
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from "#web/components/ui/dropdown-menu.tsx";
import { UserAvatar } from "#web/components/user-avatar.tsx";
import { useLogout } from "#web/features/auth/use-logout.ts";
import { getFullName } from "#web/lib/person.ts";

export type AccountMenuProps = { profile: Profile };

/** The signed-in member's avatar button with their name, shortcuts to the dashboard and their moderation decisions, and Logout. */
export function AccountMenu({ profile }: AccountMenuProps) {
  const logout = useLogout();
  const navigate = useNavigate();
  return (
    <DropdownMenu>
      {/* Named by its content, not aria-label: the visible initials would otherwise be missing from the
          name (WCAG 2.5.3, axe label-content-name-mismatch). The avatar is decoration here. */}
      <DropdownMenuTrigger className="rounded-full ring-offset-2 transition hover:ring-2 hover:ring-brand-200">
        <span aria-hidden="true" className="block">
          <UserAvatar
            firstName={profile.firstName}
            lastName={profile.lastName}
            pictureUrl={profile.profilePictureUrl}
            className="size-9"
            fallbackClassName="text-sm"
          />
        </span>
        <span className="sr-only">Account menu</span>
      </DropdownMenuTrigger>
      <DropdownMenuContent>
        <DropdownMenuLabel>
          <span className="block truncate font-semibold text-slate-900">{getFullName(profile)}</span>
          <span className="block truncate text-xs text-slate-500">
            {profile.tagg ? `@${profile.tagg}` : profile.email}
          </span>
        </DropdownMenuLabel>
        <DropdownMenuSeparator />
        <DropdownMenuItem onSelect={() => navigate("/dashboard")}>
          <LayoutDashboard aria-hidden="true" />
          Dashboard
        </DropdownMenuItem>
        <DropdownMenuItem onSelect={() => navigate("/moderation-decisions")}>
          <Gavel aria-hidden="true" />
          Moderation decisions
        </DropdownMenuItem>
        <DropdownMenuItem disabled={logout.isPending} onSelect={() => logout.mutate()}>
          <LogOut aria-hidden="true" />
          Logout
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
