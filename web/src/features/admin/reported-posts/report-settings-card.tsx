import { useEffect, useState } from "react";
import { toast } from "sonner";
import { REPORT_THRESHOLDS } from "#contract/api/admin-moderation.ts";
import type { ReportAutoAction } from "#contract/api/posts.ts";
import { LoadingStatus } from "#web/components/loading-placeholders.tsx";
import { QueryState } from "#web/components/query-state.tsx";
import { SubmitButton } from "#web/components/submit-button.tsx";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "#web/components/ui/card.tsx";
import { Label } from "#web/components/ui/label.tsx";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "#web/components/ui/select.tsx";
import { Skeleton } from "#web/components/ui/skeleton.tsx";
import { Switch } from "#web/components/ui/switch.tsx";
import { errorMessage } from "#web/lib/api-request.ts";
import { type ReportSettings, useReportSettings } from "./use-report-settings.ts";

const ACTION_LABELS: Record<ReportAutoAction, string> = {
  hide: "Hide pending review",
  delete: "Delete the post",
};

/** The auto-action settings card above the report queue (spec 2 §2 "auto-delete settings", DESIGN's choice). */
export function ReportSettingsCard() {
  const { settings } = useReportSettings();
  return (
    <Card>
      <CardHeader>
        <CardTitle>Automatic action</CardTitle>
        <CardDescription>
          When a post reaches the threshold of reports from different members, it is hidden until you review
          it — or deleted, if you choose that instead. Only reports from members with a verified e-mail and an
          account at least 24 hours old (by default) count; the queue shows them “counted of” all reports.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <QueryState
          query={settings}
          loading={
            <LoadingStatus label="Loading report settings...">
              <Skeleton className="h-10 w-full max-w-xl" />
            </LoadingStatus>
          }
          error="Failed to load report settings"
        >
          {(data) => <SettingsForm initial={data} />}
        </QueryState>
      </CardContent>
    </Card>
  );
}

function SettingsForm({ initial }: { initial: ReportSettings }) {
  const { save } = useReportSettings();
  const [values, setValues] = useState(initial);
  useEffect(() => setValues(initial), [initial]);
  const threshold = (REPORT_THRESHOLDS as readonly number[]).includes(values.autoDeleteThreshold)
    ? (values.autoDeleteThreshold as (typeof REPORT_THRESHOLDS)[number])
    : REPORT_THRESHOLDS[0];

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    save.mutate(
      {
        autoDeleteEnabled: values.autoDeleteEnabled,
        autoDeleteThreshold: threshold,
        autoAction: values.autoAction,
      },
      {
        onSuccess: () => toast.success("Settings Updated", { description: "The report settings are saved." }),
        onError: (error) =>
          toast.error("Error", {
            description: errorMessage(error, "Failed to update settings. Please try again."),
          }),
      },
    );
  };

  return (
    <form onSubmit={submit} className="grid gap-4 sm:grid-cols-[auto_10rem_14rem_auto] sm:items-end">
      <div className="flex items-center gap-3 sm:h-10">
        <Switch
          id="report-auto-enabled"
          checked={values.autoDeleteEnabled}
          onCheckedChange={(checked) => setValues((v) => ({ ...v, autoDeleteEnabled: checked }))}
        />
        <Label htmlFor="report-auto-enabled">Enabled</Label>
      </div>
      <div className="grid gap-1.5">
        <Label htmlFor="report-threshold">Threshold</Label>
        <Select
          value={String(threshold)}
          onValueChange={(next) => setValues((v) => ({ ...v, autoDeleteThreshold: Number(next) }))}
          disabled={!values.autoDeleteEnabled}
        >
          <SelectTrigger id="report-threshold">
            <SelectValue />
          </SelectTrigger>
          <SelectContent>
            {REPORT_THRESHOLDS.map((n) => (
              <SelectItem key={n} value={String(n)}>
                {n} reports
              </SelectItem>
            ))}
          </SelectContent>
        </Select>
      </div>
      <div className="grid gap-1.5">
        <Label htmlFor="report-action">Action</Label>
        <Select
          value={values.autoAction}
          onValueChange={(next) => setValues((v) => ({ ...v, autoAction: next as ReportAutoAction }))}
          disabled={!values.autoDeleteEnabled}
        >
          <SelectTrigger id="report-action">
            <SelectValue />
          </SelectTrigger>
          <SelectContent>
            {(Object.keys(ACTION_LABELS) as ReportAutoAction[]).map((action) => (
              <SelectItem key={action} value={action}>
                {ACTION_LABELS[action]}
              </SelectItem>
            ))}
          </SelectContent>
        </Select>
      </div>
      <SubmitButton pending={save.isPending}>Save Settings</SubmitButton>
    </form>
  );
}
