import { Input, type InputProps } from "#web/components/ui/input.tsx";

export type EmailInputProps = Omit<InputProps, "type">;

/** An e-mail address input: the e-mail keyboard and the browser's address autofill. */
export function EmailInput(props: EmailInputProps) {
  return <Input type="email" autoComplete="email" inputMode="email" {...props} />;
}
