import { BANNER_TEXT_MAX_LENGTH, imageBannerBodySchema } from "#contract/api/admin-settings.ts";
import type { ImageBanner } from "#contract/api/posts.ts";
import { LabelledField } from "#web/components/labelled-field.tsx";
import { SubmitButton } from "#web/components/submit-button.tsx";
import { Input } from "#web/components/ui/input.tsx";
import { Label } from "#web/components/ui/label.tsx";
import { Switch } from "#web/components/ui/switch.tsx";
import { AdminSettingCard } from "../admin-setting-card.tsx";
import { ADMIN_URLS } from "../admin-urls.ts";

/** The public read members' downloads use (GET /api/image-banner) is the section's query too. */
const PUBLIC_BANNER_URL = "/api/image-banner";

/**
 * Image Banner Overlay: the switch saves at once, with the stored text (a draft is saved only by Update); the
 * text and Update are disabled while the banner is off. A member's next download draws the saved text.
 */
export function ImageBannerSection() {
  return (
    <AdminSettingCard
      title="Image Banner Overlay"
      description={
        <>
          The text drawn in a bar across the middle of every post image a member downloads. Off: images
          download without it.
        </>
      }
      urls={{ read: PUBLIC_BANNER_URL, write: { method: "PUT", url: ADMIN_URLS.imageBanner } }}
      loading={{ what: "banner settings", skeleton: "h-24 w-full" }}
      schema={imageBannerBodySchema}
      // Update always saves the banner on (it is disabled while off), so turning the switch, which changes only
      // `isEnabled`, leaves a draft of the text as it is.
      toForm={({ text }: ImageBanner) => ({ isEnabled: true, text })}
      savedToast={(banner) => ({
        title: "Settings Updated",
        description: banner.isEnabled ? `Downloads now show "${banner.text}".` : "Downloads show no banner.",
      })}
      failedToast={{ title: "Error", fallback: "Failed to update image banner settings" }}
      className="grid gap-5"
    >
      {({ form, data: saved, pending, send }) => {
        const off = !saved.isEnabled;
        const draft = form.watch("text");
        return (
          <>
            <div className="flex items-center gap-3">
              <Switch
                id="banner-enabled"
                checked={saved.isEnabled}
                disabled={pending}
                onCheckedChange={(checked) => send({ isEnabled: checked, text: saved.text })}
              />
              <Label htmlFor="banner-enabled">Show the banner on downloaded images</Label>
            </div>
            <div className="grid gap-3 sm:grid-cols-[1fr_auto] sm:items-end">
              <LabelledField control={form.control} name="text" label="Banner text">
                {({ field }) => <Input {...field} maxLength={BANNER_TEXT_MAX_LENGTH} disabled={off} />}
              </LabelledField>
              <SubmitButton pending={pending} disabled={off || pending}>
                Update
              </SubmitButton>
            </div>
            <section aria-label="Banner preview" className="grid gap-2">
              <h3 className="text-sm font-medium text-slate-700">Preview</h3>
              <div className="relative flex aspect-[16/7] max-w-md items-center overflow-hidden rounded-xl bg-linear-to-br from-slate-300 to-slate-500">
                {off ? null : (
                  <p className="w-full truncate bg-slate-900/75 px-3 py-2 text-center font-semibold text-white">
                    {draft.trim() || saved.text}
                  </p>
                )}
              </div>
            </section>
          </>
        );
      }}
    </AdminSettingCard>
  );
}
