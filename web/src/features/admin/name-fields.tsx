import { useFormContext } from "react-hook-form";
import { LabelledField } from "#web/components/labelled-field.tsx";
import { Input } from "#web/components/ui/input.tsx";

/** First and last name side by side, in whichever admin form (tagg, profile) holds them. */
export function NameFields() {
  const form = useFormContext<{ firstName: string; lastName: string }>();
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <LabelledField control={form.control} name="firstName" label="First Name">
        {({ field }) => <Input autoComplete="off" required {...field} />}
      </LabelledField>
      <LabelledField control={form.control} name="lastName" label="Last Name">
        {({ field }) => <Input autoComplete="off" required {...field} />}
      </LabelledField>
    </div>
  );
}
