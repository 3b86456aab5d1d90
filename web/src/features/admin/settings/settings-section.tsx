import { toast } from "sonner";
import type { SiteSettings } from "#contract/api/admin-settings.ts";
import { LoadingStatus } from "#web/components/loading-placeholders.tsx";
import { QueryState } from "#web/components/query-state.tsx";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "#web/components/ui/card.tsx";
import { Label } from "#web/components/ui/label.tsx";
import { Skeleton } from "#web/components/ui/skeleton.tsx";
import { Switch } from "#web/components/ui/switch.tsx";
import { apiQuery } from "#web/lib/api-query.ts";
import { errorMessage } from "#web/lib/api-request.ts";
import { ADMIN_URLS } from "../admin-urls.ts";
import { useAdminSetting } from "../use-admin-setting.ts";

/** The member's read of the same switch (the /payments page), updated in this tab after a save. */
const publicFreeOptionQuery = apiQuery("/api/settings/free-option");

const useSiteSettings = () =>
  useAdminSetting({
    read: ADMIN_URLS.siteSettings,
    write: { method: "POST", url: ADMIN_URLS.siteSettings },
    alsoCached: [publicFreeOptionQuery],
  });

/** Settings: the free-access option, saved as soon as it is switched. */
export function SettingsSection() {
  const { query } = useSiteSettings();
  return (
    <Card>
      <CardHeader>
        <CardTitle>Settings</CardTitle>
        <CardDescription>
          Free option: when on, the Premium page (/payments) also offers a Free Access Available card with
          Continue to Dashboard, so members can go on without paying.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <QueryState
          query={query}
          loading={
            <LoadingStatus label="Loading settings...">
              <Skeleton className="h-8 w-64" />
            </LoadingStatus>
          }
          error="Failed to load settings"
        >
          {(data) => <FreeOptionSwitch saved={data} />}
        </QueryState>
      </CardContent>
    </Card>
  );
}

function FreeOptionSwitch({ saved }: { saved: SiteSettings }) {
  const { save } = useSiteSettings();
  return (
    <div className="flex items-center gap-3">
      <Switch
        id="free-option"
        checked={saved.freeOptionEnabled}
        disabled={save.isPending}
        onCheckedChange={(checked) =>
          save.mutate(
            { freeOptionEnabled: checked },
            {
              onSuccess: () =>
                toast.success("Settings Updated", {
                  description: checked ? "The free option is on." : "The free option is off.",
                }),
              onError: (error) =>
                toast.error("Update Failed", {
                  description: errorMessage(error, "Failed to update settings. Please try again."),
                }),
            },
          )
        }
      />
      <Label htmlFor="free-option">Free option enabled</Label>
    </div>
  );
}
