import type { FieldPath, FieldValues, UseFormReturn } from "react-hook-form";
import { fieldErrors } from "./api-request.ts";

/** The part of a react-hook-form form the helpers use: its values (to know its fields) and setError. */
export type ErrorTarget<T extends FieldValues> = Pick<UseFormReturn<T>, "getValues" | "setError">;

/** Turns a name from the server or a schema ("payoutDetails.sortCode") into the form's ("sortCode"). */
export type ToFieldName = (name: string) => string;

/** True when `path` ("bio", "platforms.github", "shortcuts.0.url") names a value the form holds. */
function isFieldOf<T extends FieldValues>(form: ErrorTarget<T>, path: string): path is FieldPath<T> {
  let value: unknown = form.getValues();
  for (const key of path.split(".")) {
    if (typeof value !== "object" || value === null || !Object.hasOwn(value, key)) return false;
    value = Reflect.get(value, key);
  }
  return true;
}

/**
 * Shows each message on the field it names, focusing the first; names that are not fields of the form are
 * passed over.
 */
export function setFieldErrors<T extends FieldValues>(
  form: ErrorTarget<T>,
  messages: Readonly<Record<string, string | undefined>>,
  toFieldName: ToFieldName = (name) => name,
): boolean {
  let applied = false;
  for (const [name, message] of Object.entries(messages)) {
    const field = toFieldName(name);
    if (message === undefined || !isFieldOf(form, field)) continue;
    form.setError(field, { message }, { shouldFocus: !applied });
    applied = true;
  }
  return applied;
}

/**
 * Shows the per-field messages of a 400 validation answer (`fields`) on the form's fields.
 * Returns whether any was shown, so a caller can decide whether a toast is still needed.
 */
export function applyServerFieldErrors<T extends FieldValues>(
  form: ErrorTarget<T>,
  error: unknown,
  toFieldName?: ToFieldName,
): boolean {
  return setFieldErrors(form, fieldErrors(error), toFieldName);
}
