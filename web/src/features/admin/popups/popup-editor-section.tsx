import {
  POPUP_FAILURE,
  POPUP_HTML_MAX_LENGTH,
  POPUP_TEXT_MAX_LENGTH,
  popupBodySchema,
} from "#contract/api/admin-settings.ts";
import type { Popup } from "#contract/api/content.ts";
import { HTML_POPUPS, type PopupName, popupUrl } from "#contract/popups.ts";
import { LabelledField } from "#web/components/labelled-field.tsx";
import { SubmitButton } from "#web/components/submit-button.tsx";
import { FormField } from "#web/components/ui/form.tsx";
import { Textarea } from "#web/components/ui/textarea.tsx";
import { AdminSettingCard } from "../admin-setting-card.tsx";
import { SettingSwitch } from "../setting-switch.tsx";
import { readAndPutAt } from "../use-admin-setting.ts";
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

/**
 * The Greetings, Saved Images and Hide Searches popup editors: the switch, the content with its count, a
 * preview of what members see, and Save Settings.
 */
export function PopupEditorSection({ name }: { name: PopupName }) {
  const { title, description } = POPUPS[name];
  const html = HTML_POPUPS.includes(name);
  const max = html ? POPUP_HTML_MAX_LENGTH : POPUP_TEXT_MAX_LENGTH;
  return (
    <AdminSettingCard
      title={title}
      description={description}
      urls={readAndPutAt(popupUrl(name))}
      loading={{ what: "popup settings", skeleton: "h-40 w-full" }}
      schema={popupBodySchema(name)}
      toForm={({ isEnabled, content }: Popup) => ({ isEnabled, content })}
      savedToast={() => ({ title: "Settings Updated", description: `The ${title.toLowerCase()} is saved.` })}
      failedToast={{ title: "Error", fallback: POPUP_FAILURE[name] }}
      className="grid gap-5 lg:grid-cols-2"
    >
      {({ form, pending }) => (
        <>
          <div className="grid content-start gap-4">
            <FormField
              control={form.control}
              name="isEnabled"
              render={({ field }) => <SettingSwitch field={field} label="Enabled" />}
            />
            <LabelledField
              control={form.control}
              name="content"
              label="Content"
              description={`${form.watch("content").length}/${max}`}
            >
              {({ field }) => (
                <Textarea rows={8} maxLength={max} className={html ? "font-mono" : undefined} {...field} />
              )}
            </LabelledField>
            <div>
              <SubmitButton pending={pending}>Save Settings</SubmitButton>
            </div>
          </div>
          <section aria-label="Preview" className="grid content-start gap-2">
            <h3 className="text-sm font-medium text-slate-700">Preview — as members see it</h3>
            <div className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm">
              <PopupPreview name={name} values={form.watch()} />
            </div>
          </section>
        </>
      )}
    </AdminSettingCard>
  );
}
