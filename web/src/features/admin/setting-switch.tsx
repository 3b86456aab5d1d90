import type { ControllerRenderProps } from "react-hook-form";
import { FormControl, FormItem, FormLabel } from "#web/components/ui/form.tsx";
import { Switch } from "#web/components/ui/switch.tsx";
import { cn } from "#web/lib/cn.ts";

export type SettingSwitchProps = {
  /** The boolean field, as FormField's `render` gives it. */
  field: Pick<ControllerRenderProps, "ref" | "value" | "onChange" | "onBlur">;
  label: string;
  className?: string;
};

/** A boolean of a setting's form, drawn in its FormField: the switch, then its label, on one line. */
export function SettingSwitch({
  field: { ref, value, onChange, onBlur },
  label,
  className,
}: SettingSwitchProps) {
  return (
    <FormItem className={cn("flex items-center gap-3", className)}>
      <FormControl>
        <Switch ref={ref} checked={Boolean(value)} onCheckedChange={onChange} onBlur={onBlur} />
      </FormControl>
      <FormLabel>{label}</FormLabel>
    </FormItem>
  );
}
