import { useId } from "react";
import type { Profile } from "#contract/api/profile.ts";
import { Label } from "#web/components/ui/label.tsx";
import { Switch } from "#web/components/ui/switch.tsx";
import { useToggleVisibility } from "./use-privacy-settings.ts";

export type HideMySearchesSwitchProps = { profile: Profile };

/**
 * The analytics card's "Hide my searches" switch. The server's switch behind it
 * (toggle-visibility) takes the member's tagg and posts out of search; the hint says so.
 */
export function HideMySearchesSwitch({ profile }: HideMySearchesSwitchProps) {
  const id = useId();
  const hintId = useId();
  const toggle = useToggleVisibility();
  return (
    <div className="flex items-start gap-3 rounded-xl bg-slate-50 px-3 py-2">
      <Switch
        id={id}
        checked={profile.isHidden}
        onCheckedChange={(hidden) => toggle.mutate(hidden)}
        disabled={toggle.isPending}
        aria-describedby={hintId}
        className="mt-0.5"
      />
      <div className="grid gap-0.5">
        <Label htmlFor={id} className="cursor-pointer">
          Hide my searches
        </Label>
        <p id={hintId} className="text-xs text-slate-600">
          {profile.isHidden
            ? "Your tagg and posts are hidden from search."
            : "Your tagg and posts can be found."}
        </p>
      </div>
    </div>
  );
}
