import { type RefObject, useEffect, useRef } from "react";
import type { FieldValues, Path, PathValue, UseFormReturn } from "react-hook-form";

/**
 * A server-rendered form is on screen before the app has taken the page over, and a visitor may type into it
 * meanwhile. React leaves what was typed in the fields but the form's state does not know it: once mounted,
 * this copies every non-empty text field of `formRef` into `form`, so what the visitor sees is what is sent.
 */
export function useTypedBeforeHydration<T extends FieldValues>(
  form: UseFormReturn<T>,
  formRef: RefObject<HTMLFormElement | null>,
) {
  // biome-ignore lint/correctness/useExhaustiveDependencies: only what was typed before the first render counts.
  useEffect(() => {
    if (!formRef.current) return;
    for (const [name, typed] of new FormData(formRef.current)) {
      const field = name as Path<T>;
      if (typeof typed !== "string" || typed === "" || typeof form.getValues(field) !== "string") continue;
      if (form.getValues(field) !== typed) {
        form.setValue(field, typed as PathValue<T, Path<T>>, { shouldDirty: true });
      }
    }
  }, []);
}

/**
 * The same for one controlled field: once mounted, what was typed into the field before the app took the page
 * over is handed to `keep` (the field's state setter). Returns the ref to put on the field.
 */
export function useFieldTypedBeforeHydration(keep: (typed: string) => void) {
  const fieldRef = useRef<HTMLInputElement>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: only what was typed before the first render counts.
  useEffect(() => {
    const typed = fieldRef.current?.value;
    if (typed) keep(typed);
  }, []);
  return fieldRef;
}
