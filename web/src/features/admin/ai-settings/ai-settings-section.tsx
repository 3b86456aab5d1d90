import { Info } from "lucide-react";
import { type AiSettings, aiSettingsSchema } from "#contract/api/admin-settings.ts";
import { getPlanCapabilities } from "#contract/plans.ts";
import { Alert } from "#web/components/ui/alert.tsx";
import { Label } from "#web/components/ui/label.tsx";
import { Switch } from "#web/components/ui/switch.tsx";
import { AdminSettingCard } from "../admin-setting-card.tsx";
import { ADMIN_URLS } from "../admin-urls.ts";
import { readAndPutAt } from "../use-admin-setting.ts";

const allowed = (yes: boolean) => (yes ? "may use it" : "may not use it");

/**
 * AI Settings (decision 026): two switches saved at once, the free-users one disabled while AI is
 * off. The panel says plainly that no feature uses AI yet, and shows what the plan rules make of the switches.
 */
export function AiSettingsSection() {
  return (
    <AdminSettingCard
      title="AI Settings"
      description="Who may use AI-powered post creation."
      urls={readAndPutAt(ADMIN_URLS.aiSettings)}
      loading={{ what: "AI settings", skeleton: "h-20 w-full" }}
      schema={aiSettingsSchema}
      toForm={(saved: AiSettings) => saved}
      savedToast={() => ({ title: "Settings Updated", description: "The AI settings are saved." })}
      failedToast={{ title: "Error", fallback: "Failed to update AI settings" }}
      className="grid gap-5"
    >
      {({ data: saved, pending, send }) => (
        <>
          <Alert>
            <Info aria-hidden="true" />
            <div className="grid gap-1">
              <p className="font-semibold">No feature of Tagit uses AI yet</p>
              <p>
                These switches are saved and read by the plan rules, which decide who may use AI-powered post
                creation. That feature is not built yet, so today changing them changes nothing members see;
                the first AI feature will follow them from the day it ships.
              </p>
            </div>
          </Alert>
          <div className="grid gap-4">
            <div className="flex items-center gap-3">
              <Switch
                id="ai-enabled"
                checked={saved.isEnabled}
                disabled={pending}
                onCheckedChange={(checked) => send({ ...saved, isEnabled: checked })}
              />
              <Label htmlFor="ai-enabled">AI enabled</Label>
            </div>
            <div className="flex items-center gap-3">
              <Switch
                id="ai-free-users"
                checked={saved.allowFreeUsers}
                disabled={!saved.isEnabled || pending}
                onCheckedChange={(checked) => send({ ...saved, allowFreeUsers: checked })}
              />
              <Label htmlFor="ai-free-users">Allow free users</Label>
            </div>
            <section
              aria-label="What the plan rules say"
              className="rounded-xl border border-slate-200 p-4 text-sm"
            >
              <h3 className="font-medium text-slate-900">With these settings, AI-powered post creation:</h3>
              <ul className="mt-2 grid gap-1 text-slate-700">
                <li>Premium members {allowed(getPlanCapabilities("active", saved).aiPostCreation)}</li>
                <li>Free members {allowed(getPlanCapabilities("inactive", saved).aiPostCreation)}</li>
              </ul>
            </section>
          </div>
        </>
      )}
    </AdminSettingCard>
  );
}
