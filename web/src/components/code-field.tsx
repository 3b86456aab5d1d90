import { useState } from "react";
import { type Control, type FieldPathByValue, type FieldValues, useFormContext } from "react-hook-form";
import { TOTP } from "#contract/limits.ts";
import { LabelledField } from "#web/components/labelled-field.tsx";
import { Input } from "#web/components/ui/input.tsx";

export type CodeFieldProps<T extends FieldValues> = {
  control: Control<T>;
  name: FieldPathByValue<T, string>;
  /** Offer "Use a recovery code": the field then takes one of the saved codes instead of the app's. */
  recoveryCodes?: boolean;
  autoFocus?: boolean;
  /** The label while the field takes the app's code. */
  label?: string;
};

/**
 * A second-factor code field: the app's six digits (number keyboard, the browser's one-time-code autofill) and,
 * when offered, a switch to a recovery code (letters and digits, no autofill). Switching empties the field.
 */
export function CodeField<T extends FieldValues>({
  control,
  name,
  recoveryCodes = false,
  autoFocus = false,
  label = "Authentication code",
}: CodeFieldProps<T>) {
  const [recovery, setRecovery] = useState(false);
  const { resetField, setFocus } = useFormContext<T>();

  const toggle = () => {
    setRecovery((value) => !value);
    resetField(name);
    setFocus(name);
  };

  return (
    <div className="grid gap-1.5">
      <LabelledField
        control={control}
        name={name}
        label={recovery ? "Recovery code" : label}
        description={
          recovery
            ? "One of the ten recovery codes you saved, like abcde-fghij. Each works once."
            : `The ${TOTP.digits}-digit code your authenticator app shows now.`
        }
      >
        {({ field }) => (
          <Input
            inputMode={recovery ? "text" : "numeric"}
            autoComplete={recovery ? "off" : "one-time-code"}
            autoCapitalize="off"
            autoCorrect="off"
            spellCheck={false}
            maxLength={40}
            autoFocus={autoFocus}
            className="font-mono tracking-wider"
            {...field}
          />
        )}
      </LabelledField>
      {recoveryCodes ? (
        <button
          type="button"
          onClick={toggle}
          className="justify-self-start rounded text-sm font-medium text-brand-700 hover:underline"
        >
          {recovery ? "Use your authenticator app" : "Use a recovery code"}
        </button>
      ) : null}
    </div>
  );
}
