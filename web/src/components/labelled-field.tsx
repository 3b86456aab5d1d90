import type { ReactElement, ReactNode } from "react";
import type { FieldPath, FieldValues } from "react-hook-form";
import {
  FormControl,
  FormDescription,
  FormField,
  type FormFieldProps,
  FormItem,
  FormLabel,
  FormMessage,
} from "#web/components/ui/form.tsx";

export type LabelledFieldProps<
  TFieldValues extends FieldValues,
  TName extends FieldPath<TFieldValues>,
  TTransformedValues,
> = Omit<FormFieldProps<TFieldValues, TName, TTransformedValues>, "render"> & {
  label: ReactNode;
  /** A hint under the control; hidden while the field shows its error. */
  description?: ReactNode;
  className?: string;
  labelClassName?: string;
  /** The control, given what FormField's `render` gets: `{({ field }) => <Input {...field} />}`. */
  children: FormFieldProps<TFieldValues, TName, TTransformedValues>["render"];
};

/** The usual field in one element: label, control, hint and message, wired by the form primitives. */
export function LabelledField<
  TFieldValues extends FieldValues,
  TName extends FieldPath<TFieldValues>,
  TTransformedValues = TFieldValues,
>({
  label,
  description,
  className,
  labelClassName,
  children,
  ...props
}: LabelledFieldProps<TFieldValues, TName, TTransformedValues>): ReactElement {
  return (
    <FormField
      {...props}
      render={(state) => (
        <FormItem className={className}>
          <FormLabel className={labelClassName}>{label}</FormLabel>
          <FormControl>{children(state)}</FormControl>
          {description && !state.fieldState.error ? <FormDescription>{description}</FormDescription> : null}
          <FormMessage />
        </FormItem>
      )}
    />
  );
}
