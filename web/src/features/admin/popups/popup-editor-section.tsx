import { useEffect, useId, useState } from "react";
import { toast } from "sonner";
import {
  HTML_POPUPS,
  POPUP_FAILURE,
  POPUP_HTML_MAX_LENGTH,
  POPUP_TEXT_MAX_LENGTH,
  type PopupName,
  popupBodySchema,
} from "#contract/api/admin-settings.ts";
import type { Popup } from "#contract/api/content.ts";
import { LoadingStatus } from "#web/components/loading-placeholders.tsx";
import { QueryState } from "#web/components/query-state.tsx";
import { SubmitButton } from "#web/components/submit-button.tsx";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "#web/components/ui/card.tsx";
import { Label } from "#web/components/ui/label.tsx";
import { Skeleton } from "#web/components/ui/skeleton.tsx";
import { Switch } from "#web/components/ui/switch.tsx";
import { Textarea } from "#web/components/ui/textarea.tsx";
import { errorMessage } from "#web/lib/api-request.ts";
import { useAdminSetting } from "../use-admin-setting.ts";
import { PopupPreview } from "./popup-previews.tsx";

const POPUPS: Record<PopupName, { title: string; description: string }> = {
  greetings: {
    title: "Greetings Popup",
    description:
      "The Welcome card a signed-in member sees about a second after the dashboard opens, once per session. Plain text.",
  },
  "saved-images": {
    title: "Saved Images Popup",
    description:
      "The Image Saved! dialog after a member downloads a post image. HTML: links, lists and emphasis are kept; anything else is removed when you save.",
  },
  "hide-searches": {
    title: "Hide Searches Popup",
    description:
      "How to Hide My Searches, shown when a member chooses Hide in their privacy settings. Plain text.",
  },
};

export const popupUrl = (name: PopupName) => `/api/${name}-popup`;

/** Greetings, Saved Images and Hide Searches popup editors (spec 2 §2): switch, content, preview, Save Settings. */
export function PopupEditorSection({ name }: { name: PopupName }) {
  const url = popupUrl(name);
  const { query } = useAdminSetting<Popup>({ read: url, write: { method: "PUT", url } });
  return (
    <Card>
      <CardHeader>
        <CardTitle>{POPUPS[name].title}</CardTitle>
        <CardDescription>{POPUPS[name].description}</CardDescription>
      </CardHeader>
      <CardContent>
        <QueryState
          query={query}
          loading={
            <LoadingStatus label="Loading popup settings...">
              <Skeleton className="h-40 w-full" />
            </LoadingStatus>
          }
          error="Failed to load popup settings"
        >
          {(data) => <PopupForm name={name} initial={data} />}
        </QueryState>
      </CardContent>
    </Card>
  );
}

function PopupForm({ name, initial }: { name: PopupName; initial: Popup }) {
  const url = popupUrl(name);
  const { save } = useAdminSetting<Popup>({ read: url, write: { method: "PUT", url } });
  const [values, setValues] = useState(initial);
  const [fieldError, setFieldError] = useState<string | null>(null);
  useEffect(() => setValues(initial), [initial]);
  const id = useId();
  const max = HTML_POPUPS.includes(name) ? POPUP_HTML_MAX_LENGTH : POPUP_TEXT_MAX_LENGTH;

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    const parsed = popupBodySchema(name).safeParse(values);
    if (!parsed.success) {
      setFieldError(parsed.error.issues[0]?.message ?? POPUP_FAILURE[name]);
      return;
    }
    setFieldError(null);
    save.mutate(parsed.data, {
      onSuccess: () =>
        toast.success("Settings Updated", {
          description: `The ${POPUPS[name].title.toLowerCase()} is saved.`,
        }),
      onError: (error) => toast.error("Error", { description: errorMessage(error, POPUP_FAILURE[name]) }),
    });
  };

  return (
    <form onSubmit={submit} className="grid gap-5 lg:grid-cols-2">
      <div className="grid content-start gap-4">
        <div className="flex items-center gap-3">
          <Switch
            id={`${id}-enabled`}
            checked={values.isEnabled}
            onCheckedChange={(checked) => setValues((v) => ({ ...v, isEnabled: checked }))}
          />
          <Label htmlFor={`${id}-enabled`}>Enabled</Label>
        </div>
        <div className="grid gap-1.5">
          <Label htmlFor={`${id}-content`}>Content</Label>
          <Textarea
            id={`${id}-content`}
            value={values.content}
            maxLength={max}
            rows={8}
            aria-invalid={fieldError ? true : undefined}
            aria-describedby={`${id}-count${fieldError ? ` ${id}-error` : ""}`}
            className={HTML_POPUPS.includes(name) ? "font-mono" : undefined}
            onChange={(event) => setValues((v) => ({ ...v, content: event.target.value }))}
          />
          <p id={`${id}-count`} className="text-xs text-slate-500">
            {values.content.length}/{max}
          </p>
          {fieldError ? (
            <p id={`${id}-error`} className="text-sm text-red-700">
              {fieldError}
            </p>
          ) : null}
        </div>
        <div>
          <SubmitButton pending={save.isPending}>Save Settings</SubmitButton>
        </div>
      </div>
      <section aria-label="Preview" className="grid content-start gap-2">
        <h3 className="text-sm font-medium text-slate-700">Preview — as members see it</h3>
        <div className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm">
          <PopupPreview name={name} values={values} />
        </div>
      </section>
    </form>
  );
}
