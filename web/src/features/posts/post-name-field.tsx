import { CircleAlert, CircleCheck, CircleX } from "lucide-react";
import { type ComponentProps, useId } from "react";
import { POST_MESSAGES, POST_NAME_MAX_LENGTH } from "#contract/api/posts.ts";
import {
  FormControl,
  FormDescription,
  FormItem,
  FormLabel,
  FormMessage,
  useFormField,
} from "#web/components/ui/form.tsx";
import { Input } from "#web/components/ui/input.tsx";
import { Spinner } from "#web/components/ui/spinner.tsx";
import type { NameAvailability } from "./use-post-name-check.ts";

export type PostNameFieldProps = {
  status: NameAvailability;
  suggestions: string[];
  onPickSuggestion: (name: string) => void;
  inputProps: ComponentProps<"input">;
};

function StatusLine({ status }: { status: NameAvailability }) {
  switch (status) {
    case "checking":
      return (
        <span className="flex items-center gap-1.5 text-slate-600">
          <Spinner className="size-4" />
          Checking availability...
        </span>
      );
    case "available":
      return (
        <span className="flex items-center gap-1.5 text-emerald-700">
          <CircleCheck className="size-4" aria-hidden="true" />
          This name is available
        </span>
      );
    case "taken":
      return (
        <span className="flex items-center gap-1.5 text-red-700">
          <CircleX className="size-4" aria-hidden="true" />
          {POST_MESSAGES.nameTaken}
        </span>
      );
    case "unknown":
      return (
        <span className="flex items-center gap-1.5 text-amber-800">
          <CircleAlert className="size-4" aria-hidden="true" />
          Could not check this name. It is checked again when you create the post.
        </span>
      );
    default:
      return <span className="text-slate-500">People find your post by searching for this exact name.</span>;
  }
}

/** The input; FormControl marks it invalid for a schema error, and it is invalid too while the name is taken. */
function PostNameInput({ taken, ...props }: ComponentProps<"input"> & { taken: boolean }) {
  const { error } = useFormField();
  return (
    <FormControl>
      <Input
        autoComplete="off"
        maxLength={POST_NAME_MAX_LENGTH}
        placeholder="e.g. Summer at the lake (Ada)"
        {...props}
        aria-invalid={taken || !!error}
      />
    </FormControl>
  );
}

/** Post name with its live availability and, when taken, clickable free suggestions. Render it inside a FormField. */
export function PostNameField({ status, suggestions, onPickSuggestion, inputProps }: PostNameFieldProps) {
  const suggestionsId = useId();
  return (
    <FormItem>
      <FormLabel>Post name</FormLabel>
      <PostNameInput taken={status === "taken"} {...inputProps} />
      <FormDescription aria-live="polite" className="min-h-5 text-sm">
        <StatusLine status={status} />
      </FormDescription>
      <FormMessage />
      {status === "taken" && suggestions.length > 0 ? (
        <div className="grid gap-2 rounded-xl border border-slate-200 bg-slate-50 p-3">
          <p className="text-sm font-medium text-slate-800" id={suggestionsId}>
            Available names — pick one:
          </p>
          <ul className="flex flex-wrap gap-2" aria-labelledby={suggestionsId}>
            {suggestions.map((suggestion) => (
              <li key={suggestion}>
                <button
                  type="button"
                  onClick={() => onPickSuggestion(suggestion)}
                  className="max-w-full rounded-lg border border-brand-200 bg-white px-3 py-1.5 text-left text-sm font-medium break-words text-brand-800 shadow-xs hover:bg-brand-50"
                >
                  <span className="sr-only">Use </span>
                  {suggestion}
                </button>
              </li>
            ))}
          </ul>
        </div>
      ) : null}
    </FormItem>
  );
}
