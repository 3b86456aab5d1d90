import type { ComponentProps } from "react";
import { THEMES, type Theme } from "#contract/themes.ts";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "#web/components/ui/select.tsx";

/** The trigger's own props (id, aria-*, ref: what FormControl passes) go to the trigger button. */
export type ThemeSelectProps = Omit<
  ComponentProps<typeof SelectTrigger>,
  "value" | "onChange" | "children"
> & {
  value: Theme;
  onChange: (theme: Theme) => void;
};

const label = (theme: Theme) => theme.charAt(0).toUpperCase() + theme.slice(1);

/** The 16 themes, each with a swatch of its own button colour (the swatch carries its data-theme). */
export function ThemeSelect({ value, onChange, ...triggerProps }: ThemeSelectProps) {
  return (
    <Select value={value} onValueChange={(next) => onChange(next as Theme)}>
      <SelectTrigger {...triggerProps}>
        <SelectValue />
      </SelectTrigger>
      <SelectContent>
        {THEMES.map((theme) => (
          <SelectItem key={theme} value={theme}>
            <ThemeSwatch theme={theme} />
            {label(theme)}
          </SelectItem>
        ))}
      </SelectContent>
    </Select>
  );
}

function ThemeSwatch({ theme }: { theme: Theme }) {
  return (
    <span
      data-theme={theme}
      aria-hidden="true"
      className="inline-flex size-4 shrink-0 overflow-hidden rounded-full ring-1 ring-black/10"
    >
      <span className="w-1/2 bg-brand-400" />
      <span className="w-1/2 bg-brand-700" />
    </span>
  );
}
