import type { z } from "zod";
import { affiliateSettingsBodySchema, type affiliateSettingsSchema } from "#contract/api/admin-money.ts";
import { LabelledField } from "#web/components/labelled-field.tsx";
import { SubmitButton } from "#web/components/submit-button.tsx";
import { FormField } from "#web/components/ui/form.tsx";
import { Input } from "#web/components/ui/input.tsx";
import { AdminSettingCard } from "../admin-setting-card.tsx";
import { ADMIN_URLS } from "../admin-urls.ts";
import { SettingSwitch } from "../setting-switch.tsx";
import { readAndPutAt } from "../use-admin-setting.ts";

type AffiliateSettings = z.infer<typeof affiliateSettingsSchema>;

/** The commission (0–100 in steps of 10) and the active switch; both apply to referrals made from now on. */
export function AffiliateSettingsCard() {
  return (
    <AdminSettingCard
      title="Programme Settings"
      description={
        <>
          Changes apply forward: a referral keeps the commission of the day it was made. While the programme
          is inactive no new referrals are recorded and /affiliate says so; earnings already made stay
          payable.
        </>
      }
      urls={readAndPutAt(ADMIN_URLS.affiliateSettings)}
      loading={{ what: "affiliate settings", skeleton: "h-10 w-full max-w-xl" }}
      schema={affiliateSettingsBodySchema}
      // The server answers the percentage with its decimals ("10.00"); the field shows it as typed ("10").
      toForm={({ commissionPercentage, isActive }: AffiliateSettings) => ({
        commissionPercentage: String(Number(commissionPercentage)),
        isActive,
      })}
      savedToast={(saved) => ({
        title: "Affiliate Settings Updated",
        description: `${Number(saved.commissionPercentage)}% commission; the programme is ${
          saved.isActive ? "active" : "inactive"
        }.`,
      })}
      failedToast={{ title: "Update Failed", fallback: "Failed to update settings" }}
      className="grid gap-4 sm:grid-cols-[12rem_auto_auto] sm:items-end"
    >
      {({ form, pending }) => (
        <>
          <LabelledField control={form.control} name="commissionPercentage" label="Commission Percentage">
            {({ field }) => <Input type="number" min={0} max={100} step={10} required {...field} />}
          </LabelledField>
          <FormField
            control={form.control}
            name="isActive"
            render={({ field }) => (
              <SettingSwitch field={field} label="Programme active" className="sm:h-10" />
            )}
          />
          <SubmitButton pending={pending}>Save Settings</SubmitButton>
        </>
      )}
    </AdminSettingCard>
  );
}
