import { Info } from "lucide-react";
import { toast } from "sonner";
import type { AiSettings } from "#contract/api/admin-settings.ts";
import { getPlanCapabilities } from "#contract/plans.ts";
import { LoadingStatus } from "#web/components/loading-placeholders.tsx";
import { QueryState } from "#web/components/query-state.tsx";
import { Alert } from "#web/components/ui/alert.tsx";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "#web/components/ui/card.tsx";
import { Label } from "#web/components/ui/label.tsx";
import { Skeleton } from "#web/components/ui/skeleton.tsx";
import { Switch } from "#web/components/ui/switch.tsx";
import { errorMessage } from "#web/lib/api-request.ts";
import { ADMIN_URLS } from "../admin-urls.ts";
import { useAdminSetting } from "../use-admin-setting.ts";

const useAi = () =>
  useAdminSetting({
    read: ADMIN_URLS.aiSettings,
    write: { method: "PUT", url: ADMIN_URLS.aiSettings },
  });

/**
 * AI Settings (decision 026): two switches saved at once, the free-users one disabled while AI is
 * off. The panel says plainly that no feature uses AI yet, and shows what the plan rules make of the switches.
 */
export function AiSettingsSection() {
  const { query } = useAi();
  return (
    <Card>
      <CardHeader>
        <CardTitle>AI Settings</CardTitle>
        <CardDescription>Who may use AI-powered post creation.</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-5">
        <Alert>
          <Info aria-hidden="true" />
          <div className="grid gap-1">
            <p className="font-semibold">No feature of Tagit uses AI yet</p>
            <p>
              These switches are saved and read by the plan rules, which decide who may use AI-powered post
              creation. That feature is not built yet, so today changing them changes nothing members see; the
              first AI feature will follow them from the day it ships.
            </p>
          </div>
        </Alert>
        <QueryState
          query={query}
          loading={
            <LoadingStatus label="Loading AI settings...">
              <Skeleton className="h-20 w-full" />
            </LoadingStatus>
          }
          error="Failed to load AI settings"
        >
          {(data) => <AiSwitches saved={data} />}
        </QueryState>
      </CardContent>
    </Card>
  );
}

function AiSwitches({ saved }: { saved: AiSettings }) {
  const { save } = useAi();
  const send = (body: AiSettings) =>
    save.mutate(body, {
      onSuccess: () => toast.success("Settings Updated", { description: "The AI settings are saved." }),
      onError: (error) =>
        toast.error("Error", { description: errorMessage(error, "Failed to update AI settings") }),
    });
  const premium = getPlanCapabilities("active", saved).aiPostCreation;
  const free = getPlanCapabilities("inactive", saved).aiPostCreation;
  const allowed = (yes: boolean) => (yes ? "may use it" : "may not use it");

  return (
    <div className="grid gap-4">
      <div className="flex items-center gap-3">
        <Switch
          id="ai-enabled"
          checked={saved.isEnabled}
          disabled={save.isPending}
          onCheckedChange={(checked) => send({ ...saved, isEnabled: checked })}
        />
        <Label htmlFor="ai-enabled">AI enabled</Label>
      </div>
      <div className="flex items-center gap-3">
        <Switch
          id="ai-free-users"
          checked={saved.allowFreeUsers}
          disabled={!saved.isEnabled || save.isPending}
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
          <li>Premium members {allowed(premium)}</li>
          <li>Free members {allowed(free)}</li>
        </ul>
      </section>
    </div>
  );
}
