import type { ControllerRenderProps } from "react-hook-form";
import { FormControl, FormItem, FormLabel, FormMessage } from "#web/components/ui/form.tsx";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "#web/components/ui/select.tsx";

export type SettingChoice = { value: string | number; label: string };

export type SettingSelectProps = {
  /** The field, as FormField's `render` gives it. */
  field: Pick<ControllerRenderProps, "ref" | "value" | "onChange" | "onBlur">;
  label: string;
  choices: readonly SettingChoice[];
  disabled?: boolean;
};

/**
 * One of a few values of a setting's form, drawn in its FormField as a listbox. A value may be a number: the
 * listbox holds it as text, and the field gets the choice's own value back.
 */
export function SettingSelect({ field, label, choices, disabled }: SettingSelectProps) {
  const choose = (text: string) =>
    field.onChange(choices.find((choice) => String(choice.value) === text)?.value);
  return (
    <FormItem>
      <FormLabel>{label}</FormLabel>
      <Select value={String(field.value)} onValueChange={choose} disabled={disabled}>
        <FormControl>
          <SelectTrigger ref={field.ref} onBlur={field.onBlur}>
            <SelectValue />
          </SelectTrigger>
        </FormControl>
        <SelectContent>
          {choices.map((choice) => (
            <SelectItem key={choice.value} value={String(choice.value)}>
              {choice.label}
            </SelectItem>
          ))}
        </SelectContent>
      </Select>
      <FormMessage />
    </FormItem>
  );
}
