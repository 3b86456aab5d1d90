import { type Label as LabelPrimitive, Slot } from "radix-ui";
import { type ComponentProps, createContext, useContext, useId } from "react";
import {
  Controller,
  type ControllerProps,
  type FieldPath,
  type FieldValues,
  FormProvider,
  useFormContext,
  useFormState,
} from "react-hook-form";
import { Label } from "#web/components/ui/label.tsx";
import { cn } from "#web/lib/cn.ts";

/*
 * shadcn/ui's form primitives on react-hook-form:
 * <Form {...form}> → <FormField> → <FormItem> → <FormLabel>, <FormControl>{control}</FormControl>,
 * <FormDescription>, <FormMessage>. The item's id ties them together, so no control wires its own
 * id / aria-invalid / aria-describedby.
 * Departures from shadcn: our colours (the label stays dark on error, as before); FormMessage is
 * role="alert" so an error is announced as it appears; FormField passes react-hook-form's third type
 * parameter through, for schemas whose output differs from their input.
 */

export const Form = FormProvider;

const FormFieldContext = createContext<{ name: string } | null>(null);
const FormItemContext = createContext<{ id: string } | null>(null);

export type FormFieldProps<
  TFieldValues extends FieldValues = FieldValues,
  TName extends FieldPath<TFieldValues> = FieldPath<TFieldValues>,
  TTransformedValues = TFieldValues,
> = ControllerProps<TFieldValues, TName, TTransformedValues>;

/** A react-hook-form Controller that tells the parts inside it which field they belong to. */
export function FormField<
  TFieldValues extends FieldValues = FieldValues,
  TName extends FieldPath<TFieldValues> = FieldPath<TFieldValues>,
  TTransformedValues = TFieldValues,
>(props: FormFieldProps<TFieldValues, TName, TTransformedValues>) {
  return (
    <FormFieldContext.Provider value={{ name: props.name }}>
      <Controller {...props} />
    </FormFieldContext.Provider>
  );
}

/** The field's state and the ids that link its label, control, description and message. */
export function useFormField() {
  const fieldContext = useContext(FormFieldContext);
  const itemContext = useContext(FormItemContext);
  const { getFieldState } = useFormContext();
  const formState = useFormState({ name: fieldContext?.name ?? "" });
  if (!fieldContext) throw new Error("useFormField should be used within <FormField>");
  if (!itemContext) throw new Error("useFormField should be used within <FormItem>");

  const { id } = itemContext;
  return {
    id,
    name: fieldContext.name,
    formItemId: `${id}-form-item`,
    formDescriptionId: `${id}-form-item-description`,
    formMessageId: `${id}-form-item-message`,
    ...getFieldState(fieldContext.name, formState),
  };
}

export type FormItemProps = ComponentProps<"div">;

export function FormItem({ className, ...props }: FormItemProps) {
  const id = useId();
  return (
    <FormItemContext.Provider value={{ id }}>
      <div data-slot="form-item" className={cn("grid gap-1.5", className)} {...props} />
    </FormItemContext.Provider>
  );
}

export type FormLabelProps = ComponentProps<typeof LabelPrimitive.Root>;

export function FormLabel(props: FormLabelProps) {
  const { error, formItemId } = useFormField();
  return <Label data-slot="form-label" data-error={!!error} htmlFor={formItemId} {...props} />;
}

export type FormControlProps = ComponentProps<typeof Slot.Root>;

/**
 * Gives its one child (an input, a select trigger, a switch…) the field's id, validity and description.
 * Slot adds an `aria-describedby` the child already has to these ids rather than replacing them.
 */
export function FormControl(props: FormControlProps) {
  const { error, formItemId, formDescriptionId, formMessageId } = useFormField();
  return (
    <Slot.Root
      data-slot="form-control"
      id={formItemId}
      aria-describedby={error ? `${formDescriptionId} ${formMessageId}` : formDescriptionId}
      aria-invalid={!!error}
      {...props}
    />
  );
}

export type FormDescriptionProps = ComponentProps<"p">;

export function FormDescription({ className, ...props }: FormDescriptionProps) {
  const { formDescriptionId } = useFormField();
  return (
    <p
      data-slot="form-description"
      id={formDescriptionId}
      className={cn("text-xs text-slate-500", className)}
      {...props}
    />
  );
}

export type FormMessageProps = ComponentProps<"p">;

/** The field's validation message, announced when it appears; nothing while the field is valid. */
export function FormMessage({ className, children, ...props }: FormMessageProps) {
  const { error, formMessageId } = useFormField();
  const body = error ? String(error.message ?? "") : children;
  if (!body) return null;
  return (
    <p
      data-slot="form-message"
      id={formMessageId}
      role={error ? "alert" : undefined}
      className={cn("text-sm text-red-700", className)}
      {...props}
    >
      {body}
    </p>
  );
}
