import type { ComponentProps } from "react";
import type { FieldPath, FieldValues } from "react-hook-form";
import { COMMENT_MAX_LENGTH } from "#contract/limits.ts";
import {
  FormControl,
  FormDescription,
  FormField,
  type FormFieldProps,
  FormItem,
  FormLabel,
  FormMessage,
} from "#web/components/ui/form.tsx";
import { Switch } from "#web/components/ui/switch.tsx";
import { Textarea } from "#web/components/ui/textarea.tsx";
import { cn } from "#web/lib/cn.ts";

export type CommentFieldProps = {
  length: number;
  textareaProps: ComponentProps<"textarea">;
};

/** The optional comment with its live "n/500" counter. Render it inside a FormField. */
export function CommentField({ length, textareaProps }: CommentFieldProps) {
  return (
    <FormItem>
      <div className="flex items-baseline justify-between gap-2">
        <FormLabel>
          Comment <span className="font-normal text-slate-500">(optional)</span>
        </FormLabel>
        <FormDescription className={cn(length >= COMMENT_MAX_LENGTH && "text-red-700")}>
          {length}/{COMMENT_MAX_LENGTH}
          <span className="sr-only"> characters</span>
        </FormDescription>
      </div>
      <FormControl>
        <Textarea
          rows={3}
          maxLength={COMMENT_MAX_LENGTH}
          placeholder="Say something about this photo"
          {...textareaProps}
        />
      </FormControl>
      <FormMessage />
    </FormItem>
  );
}

export type OptionSwitchProps<
  TFieldValues extends FieldValues,
  TName extends FieldPath<TFieldValues>,
  TTransformedValues,
> = Omit<FormFieldProps<TFieldValues, TName, TTransformedValues>, "render"> & {
  label: string;
  description: string;
};

/**
 * A labelled on/off option bound to a boolean form field. `disabled` disables the switch only: given to the
 * Controller it would also leave the value out of the submitted data.
 */
export function OptionSwitch<
  TFieldValues extends FieldValues,
  TName extends FieldPath<TFieldValues>,
  TTransformedValues,
>({ label, description, disabled, ...props }: OptionSwitchProps<TFieldValues, TName, TTransformedValues>) {
  return (
    <FormField
      {...props}
      render={({ field }) => (
        <FormItem className="flex items-start justify-between gap-4">
          <div className="grid gap-0.5">
            <FormLabel>{label}</FormLabel>
            <FormDescription className="text-sm text-slate-600">{description}</FormDescription>
          </div>
          <FormControl>
            <Switch
              ref={field.ref}
              checked={Boolean(field.value)}
              onCheckedChange={field.onChange}
              onBlur={field.onBlur}
              disabled={disabled}
            />
          </FormControl>
        </FormItem>
      )}
    />
  );
}
