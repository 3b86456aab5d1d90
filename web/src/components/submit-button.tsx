import type { ReactNode } from "react";
import { Button, type ButtonProps } from "#web/components/ui/button.tsx";
import { Spinner } from "#web/components/ui/spinner.tsx";

export type SubmitButtonProps = Omit<ButtonProps, "type" | "asChild"> & {
  /** The form's request is under way: a spinner replaces the icon and the button is disabled. */
  pending: boolean;
  icon?: ReactNode;
};

/** A form's submit button. Pass `disabled` to disable it for more than the pending request. */
export function SubmitButton({
  pending,
  icon = null,
  disabled = pending,
  children,
  ...props
}: SubmitButtonProps) {
  return (
    <Button type="submit" disabled={disabled} {...props}>
      {pending ? <Spinner className="text-white" /> : icon}
      {children}
    </Button>
  );
}
