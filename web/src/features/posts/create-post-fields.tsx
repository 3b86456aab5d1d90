import type { ComponentProps } from "react";
import { type Control, Controller, type FieldValues, type Path } from "react-hook-form";
import { COMMENT_MAX_LENGTH } from "#contract/limits.ts";
import { Label } from "#web/components/ui/label.tsx";
import { Switch } from "#web/components/ui/switch.tsx";
import { Textarea } from "#web/components/ui/textarea.tsx";
import { cn } from "#web/lib/cn.ts";

export type CommentFieldProps = {
  id: string;
  length: number;
  disabled: boolean;
  textareaProps: ComponentProps<"textarea">;
};

/** The optional comment with its live "n/500" counter. */
export function CommentField({ id, length, disabled, textareaProps }: CommentFieldProps) {
  const counterId = `${id}-count`;
  return (
    <div className="grid gap-1.5">
      <div className="flex items-baseline justify-between gap-2">
        <Label htmlFor={id}>
          Comment <span className="font-normal text-slate-500">(optional)</span>
        </Label>
        <span
          id={counterId}
          className={cn("text-xs", length >= COMMENT_MAX_LENGTH ? "text-red-700" : "text-slate-500")}
        >
          {length}/{COMMENT_MAX_LENGTH}
          <span className="sr-only"> characters</span>
        </span>
      </div>
      <Textarea
        id={id}
        rows={3}
        maxLength={COMMENT_MAX_LENGTH}
        placeholder="Say something about this photo"
        aria-describedby={counterId}
        disabled={disabled}
        {...textareaProps}
      />
    </div>
  );
}

export type OptionSwitchProps<TInput extends FieldValues, TOutput> = {
  id: string;
  label: string;
  description: string;
  name: Path<TInput>;
  control: Control<TInput, unknown, TOutput>;
  disabled: boolean;
};

/** A labelled on/off option bound to a boolean form field. */
export function OptionSwitch<TInput extends FieldValues, TOutput>({
  id,
  label,
  description,
  name,
  control,
  disabled,
}: OptionSwitchProps<TInput, TOutput>) {
  const descriptionId = `${id}-description`;
  return (
    <div className="flex items-start justify-between gap-4">
      <div className="grid gap-0.5">
        <Label htmlFor={id}>{label}</Label>
        <p id={descriptionId} className="text-sm text-slate-600">
          {description}
        </p>
      </div>
      <Controller
        control={control}
        name={name}
        render={({ field }) => (
          <Switch
            id={id}
            checked={Boolean(field.value)}
            onCheckedChange={field.onChange}
            onBlur={field.onBlur}
            disabled={disabled}
            aria-describedby={descriptionId}
          />
        )}
      />
    </div>
  );
}
