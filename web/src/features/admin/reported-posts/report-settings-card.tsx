import type { z } from "zod";
import {
  type postReportSettingsResponseSchema,
  postReportSettingsSchema,
  REPORT_THRESHOLDS,
} from "#contract/api/admin-moderation.ts";
import type { ReportAutoAction } from "#contract/api/posts.ts";
import { SubmitButton } from "#web/components/submit-button.tsx";
import { FormField } from "#web/components/ui/form.tsx";
import { AdminSettingCard } from "../admin-setting-card.tsx";
import { ADMIN_URLS } from "../admin-urls.ts";
import { SettingSelect } from "../setting-select.tsx";
import { SettingSwitch } from "../setting-switch.tsx";
import { readAndPutAt } from "../use-admin-setting.ts";
import { reportCountLabel } from "./report-labels.ts";

type ReportSettings = z.infer<typeof postReportSettingsResponseSchema>;

const THRESHOLD_CHOICES = REPORT_THRESHOLDS.map((n) => ({ value: n, label: reportCountLabel(n) }));
const ACTION_CHOICES: { value: ReportAutoAction; label: string }[] = [
  { value: "hide", label: "Hide pending review" },
  { value: "delete", label: "Delete the post" },
];

/** A threshold stored before the 10/50/100 rule is shown, and saved, as the lowest choice. */
const choosableThreshold = (threshold: number) =>
  REPORT_THRESHOLDS.find((choice) => choice === threshold) ?? REPORT_THRESHOLDS[0];

/**
 * The automatic action above the report queue: when a post reaches the chosen number of counted reports it
 * is hidden until reviewed, or deleted.
 */
export function ReportSettingsCard() {
  return (
    <AdminSettingCard
      title="Automatic action"
      description={
        <>
          When a post reaches the threshold of reports from different members, it is hidden until you review
          it — or deleted, if you choose that instead. Only reports from members with a verified e-mail and an
          account at least 24 hours old (by default) count; the queue shows them “counted of” all reports.
        </>
      }
      urls={readAndPutAt(ADMIN_URLS.reportSettings)}
      loading={{ what: "report settings", skeleton: "h-10 w-full max-w-xl" }}
      schema={postReportSettingsSchema}
      toForm={({ autoDeleteEnabled, autoDeleteThreshold, autoAction }: ReportSettings) => ({
        autoDeleteEnabled,
        autoDeleteThreshold: choosableThreshold(autoDeleteThreshold),
        autoAction,
      })}
      savedToast={() => ({ title: "Settings Updated", description: "The report settings are saved." })}
      failedToast={{ title: "Error", fallback: "Failed to update settings. Please try again." }}
      className="grid gap-4 sm:grid-cols-[auto_10rem_14rem_auto] sm:items-end"
    >
      {({ form, pending }) => {
        const off = !form.watch("autoDeleteEnabled");
        return (
          <>
            <FormField
              control={form.control}
              name="autoDeleteEnabled"
              render={({ field }) => <SettingSwitch field={field} label="Enabled" className="sm:h-10" />}
            />
            <FormField
              control={form.control}
              name="autoDeleteThreshold"
              render={({ field }) => (
                <SettingSelect field={field} label="Threshold" choices={THRESHOLD_CHOICES} disabled={off} />
              )}
            />
            <FormField
              control={form.control}
              name="autoAction"
              render={({ field }) => (
                <SettingSelect field={field} label="Action" choices={ACTION_CHOICES} disabled={off} />
              )}
            />
            <SubmitButton pending={pending}>Save Settings</SubmitButton>
          </>
        );
      }}
    </AdminSettingCard>
  );
}
