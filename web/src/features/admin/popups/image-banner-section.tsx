import { useEffect, useState } from "react";
import { toast } from "sonner";
import { BANNER_TEXT_MAX_LENGTH, imageBannerBodySchema } from "#contract/api/admin-settings.ts";
import type { ImageBanner } from "#contract/api/posts.ts";
import { LoadingStatus } from "#web/components/loading-placeholders.tsx";
import { QueryState } from "#web/components/query-state.tsx";
import { SubmitButton } from "#web/components/submit-button.tsx";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "#web/components/ui/card.tsx";
import { Input } from "#web/components/ui/input.tsx";
import { Label } from "#web/components/ui/label.tsx";
import { Skeleton } from "#web/components/ui/skeleton.tsx";
import { Switch } from "#web/components/ui/switch.tsx";
import { errorMessage } from "#web/lib/api-request.ts";
import { ADMIN_URLS } from "../admin-urls.ts";
import { useAdminSetting } from "../use-admin-setting.ts";

/** The public read members' downloads use (GET /api/image-banner) is the section's query too. */
const PUBLIC_BANNER_URL = "/api/image-banner";
const FAILURE = "Failed to update image banner settings";

const useBanner = () =>
  useAdminSetting<ImageBanner>({
    read: PUBLIC_BANNER_URL,
    write: { method: "PUT", url: ADMIN_URLS.imageBanner },
  });

/**
 * Image Banner Overlay (spec 2 §2): the switch saves at once; the text and Update are disabled while the
 * banner is off (spec 2 §4). A member's next download draws the saved text.
 */
export function ImageBannerSection() {
  const { query } = useBanner();
  return (
    <Card>
      <CardHeader>
        <CardTitle>Image Banner Overlay</CardTitle>
        <CardDescription>
          The text drawn in a bar across the middle of every post image a member downloads. Off: images
          download without it.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <QueryState
          query={query}
          loading={
            <LoadingStatus label="Loading banner settings...">
              <Skeleton className="h-24 w-full" />
            </LoadingStatus>
          }
          error="Failed to load banner settings"
        >
          {(data) => <BannerForm saved={data} />}
        </QueryState>
      </CardContent>
    </Card>
  );
}

function BannerForm({ saved }: { saved: ImageBanner }) {
  const { save } = useBanner();
  const [text, setText] = useState(saved.text);
  const [fieldError, setFieldError] = useState<string | null>(null);
  useEffect(() => setText(saved.text), [saved.text]);

  const send = (body: ImageBanner) => {
    const parsed = imageBannerBodySchema.safeParse(body);
    if (!parsed.success) {
      setFieldError(parsed.error.issues[0]?.message ?? FAILURE);
      return;
    }
    setFieldError(null);
    save.mutate(parsed.data, {
      onSuccess: (banner) =>
        toast.success("Settings Updated", {
          description: banner.isEnabled
            ? `Downloads now show "${banner.text}".`
            : "Downloads show no banner.",
        }),
      onError: (error) => toast.error("Error", { description: errorMessage(error, FAILURE) }),
    });
  };

  const off = !saved.isEnabled;
  return (
    <div className="grid gap-5">
      <div className="flex items-center gap-3">
        <Switch
          id="banner-enabled"
          checked={saved.isEnabled}
          disabled={save.isPending}
          // The switch saves the stored text with it: a draft is saved only by Update.
          onCheckedChange={(checked) => send({ isEnabled: checked, text: saved.text })}
        />
        <Label htmlFor="banner-enabled">Show the banner on downloaded images</Label>
      </div>
      <form
        className="grid gap-3 sm:grid-cols-[1fr_auto] sm:items-end"
        onSubmit={(event) => {
          event.preventDefault();
          send({ isEnabled: true, text });
        }}
      >
        <div className="grid gap-1.5">
          <Label htmlFor="banner-text">Banner text</Label>
          <Input
            id="banner-text"
            value={text}
            maxLength={BANNER_TEXT_MAX_LENGTH}
            disabled={off}
            aria-invalid={fieldError ? true : undefined}
            aria-describedby={fieldError ? "banner-text-error" : undefined}
            onChange={(event) => setText(event.target.value)}
          />
        </div>
        <SubmitButton pending={save.isPending} disabled={off || save.isPending}>
          Update
        </SubmitButton>
        {fieldError ? (
          <p id="banner-text-error" className="text-sm text-red-700 sm:col-span-2">
            {fieldError}
          </p>
        ) : null}
      </form>
      <section aria-label="Banner preview" className="grid gap-2">
        <h3 className="text-sm font-medium text-slate-700">Preview</h3>
        <div className="relative flex aspect-[16/7] max-w-md items-center overflow-hidden rounded-xl bg-linear-to-br from-slate-300 to-slate-500">
          {off ? null : (
            <p className="w-full truncate bg-slate-900/75 px-3 py-2 text-center font-semibold text-white">
              {text.trim() || saved.text}
            </p>
          )}
        </div>
      </section>
    </div>
  );
}
