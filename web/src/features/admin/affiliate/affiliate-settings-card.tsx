import { useEffect, useState } from "react";
import { toast } from "sonner";
import { LoadingStatus } from "#web/components/loading-placeholders.tsx";
import { QueryState } from "#web/components/query-state.tsx";
import { SubmitButton } from "#web/components/submit-button.tsx";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "#web/components/ui/card.tsx";
import { Input } from "#web/components/ui/input.tsx";
import { Label } from "#web/components/ui/label.tsx";
import { Skeleton } from "#web/components/ui/skeleton.tsx";
import { Switch } from "#web/components/ui/switch.tsx";
import { errorMessage } from "#web/lib/api-request.ts";
import { type AffiliateSettings, useAffiliateAdmin } from "./use-affiliate-admin.ts";

/** The commission (0–100 in steps of 10) and the active switch; both apply to referrals made from now on. */
export function AffiliateSettingsCard() {
  const { settings } = useAffiliateAdmin();
  return (
    <Card>
      <CardHeader>
        <CardTitle>Programme Settings</CardTitle>
        <CardDescription>
          Changes apply forward: a referral keeps the commission of the day it was made. While the programme
          is inactive no new referrals are recorded and /affiliate says so; earnings already made stay
          payable.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <QueryState
          query={settings}
          loading={
            <LoadingStatus label="Loading affiliate settings...">
              <Skeleton className="h-10 w-full max-w-xl" />
            </LoadingStatus>
          }
          error="Failed to load affiliate settings"
        >
          {(data) => <SettingsForm initial={data} />}
        </QueryState>
      </CardContent>
    </Card>
  );
}

function SettingsForm({ initial }: { initial: AffiliateSettings }) {
  const { saveSettings } = useAffiliateAdmin();
  const [commission, setCommission] = useState(String(Number(initial.commissionPercentage)));
  const [isActive, setIsActive] = useState(initial.isActive);
  useEffect(() => {
    setCommission(String(Number(initial.commissionPercentage)));
    setIsActive(initial.isActive);
  }, [initial]);

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    saveSettings.mutate(
      { commissionPercentage: commission, isActive },
      {
        onSuccess: (saved) =>
          toast.success("Affiliate Settings Updated", {
            description: `${Number(saved.commissionPercentage)}% commission; the programme is ${
              saved.isActive ? "active" : "inactive"
            }.`,
          }),
        onError: (error) =>
          toast.error("Update Failed", { description: errorMessage(error, "Failed to update settings") }),
      },
    );
  };

  return (
    <form onSubmit={submit} className="grid gap-4 sm:grid-cols-[12rem_auto_auto] sm:items-end">
      <div className="grid gap-1.5">
        <Label htmlFor="affiliate-commission">Commission Percentage</Label>
        <Input
          id="affiliate-commission"
          type="number"
          min={0}
          max={100}
          step={10}
          required
          value={commission}
          onChange={(event) => setCommission(event.target.value)}
        />
      </div>
      <div className="flex items-center gap-3 sm:h-10">
        <Switch id="affiliate-active" checked={isActive} onCheckedChange={setIsActive} />
        <Label htmlFor="affiliate-active">Programme active</Label>
      </div>
      <SubmitButton pending={saveSettings.isPending}>Save Settings</SubmitButton>
    </form>
  );
}
