import { type SiteSettings, siteSettingsSchema } from "#contract/api/admin-settings.ts";
import { Label } from "#web/components/ui/label.tsx";
import { Switch } from "#web/components/ui/switch.tsx";
import { apiQuery } from "#web/lib/api-query.ts";
import { AdminSettingCard } from "../admin-setting-card.tsx";
import { ADMIN_URLS } from "../admin-urls.ts";

/** The member's read of the same switch (the /payments page), updated in this tab after a save. */
const publicFreeOptionQuery = apiQuery("/api/settings/free-option");

/** Settings: the free-access option, saved as soon as it is switched. */
export function SettingsSection() {
  return (
    <AdminSettingCard
      title="Settings"
      description={
        <>
          Free option: when on, the Premium page (/payments) also offers a Free Access Available card with
          Continue to Dashboard, so members can go on without paying.
        </>
      }
      urls={{
        read: ADMIN_URLS.siteSettings,
        write: { method: "POST", url: ADMIN_URLS.siteSettings },
        alsoCached: [publicFreeOptionQuery],
      }}
      loading={{ what: "settings", skeleton: "h-8 w-64" }}
      schema={siteSettingsSchema}
      toForm={(saved: SiteSettings) => saved}
      savedToast={(saved) => ({
        title: "Settings Updated",
        description: saved.freeOptionEnabled ? "The free option is on." : "The free option is off.",
      })}
      failedToast={{ title: "Update Failed", fallback: "Failed to update settings. Please try again." }}
    >
      {({ data: saved, pending, send }) => (
        <div className="flex items-center gap-3">
          <Switch
            id="free-option"
            checked={saved.freeOptionEnabled}
            disabled={pending}
            onCheckedChange={(checked) => send({ freeOptionEnabled: checked })}
          />
          <Label htmlFor="free-option">Free option enabled</Label>
        </div>
      )}
    </AdminSettingCard>
  );
}
