import { useForm } from "react-hook-form";
import { toast } from "sonner";
import { requestPayoutBodySchema } from "#contract/api/affiliate.ts";
import { LabelledField } from "#web/components/labelled-field.tsx";
import { SubmitButton } from "#web/components/submit-button.tsx";
import { Button } from "#web/components/ui/button.tsx";
import { Dialog, DialogContent, DialogDescription, DialogTitle } from "#web/components/ui/dialog.tsx";
import { Form, FormControl, FormField, FormItem, FormLabel, FormMessage } from "#web/components/ui/form.tsx";
import { Input, type InputProps } from "#web/components/ui/input.tsx";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "#web/components/ui/select.tsx";
import { errorMessage } from "#web/lib/api-request.ts";
import { applyServerFieldErrors, setFieldErrors } from "#web/lib/form-errors.ts";
import { formatMoney } from "#web/lib/money.ts";
import {
  canSubmitPayout,
  EMPTY_PAYOUT_FORM,
  type PayoutFormValues,
  payoutBody,
} from "./affiliate-display.ts";
import { useRequestPayout } from "./use-affiliate.ts";

export type PayoutDialogProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  availableMinor: number;
  currency: string;
};

type DetailField = "accountDetails" | "sortCode" | "accountNumber" | "paypalEmail";

/** The body nests the details ("payoutDetails.sortCode"); the form holds them flat ("sortCode"). */
const toFormField = (path: string) => path.replace(/^payoutDetails\./, "");

/** "Request Payout": the whole available balance, to a bank account or PayPal. */
export function PayoutDialog({ open, onOpenChange, availableMinor, currency }: PayoutDialogProps) {
  const payout = useRequestPayout();
  const form = useForm<PayoutFormValues>({ defaultValues: EMPTY_PAYOUT_FORM });
  const values = form.watch();
  const method = values.payoutMethod;

  const close = (next: boolean) => {
    if (payout.isPending) return;
    if (!next) form.clearErrors();
    onOpenChange(next);
  };

  const onSubmit = form.handleSubmit((raw) => {
    const parsed = requestPayoutBodySchema.safeParse(payoutBody(raw));
    if (!parsed.success) {
      const messages = parsed.error.issues.map((issue) => [issue.path.join("."), issue.message] as const);
      setFieldErrors(form, Object.fromEntries(messages), toFormField);
      return;
    }
    payout.mutate(parsed.data, {
      onSuccess: () => {
        toast.success("Payout Requested", {
          description:
            "Your payout request has been submitted and will be processed at the beginning of next month.",
        });
        form.reset(EMPTY_PAYOUT_FORM);
        onOpenChange(false);
      },
      onError: (error) => {
        applyServerFieldErrors(form, error, toFormField);
        toast.error("Payout Failed", { description: errorMessage(error, "Failed to request payout") });
      },
    });
  });

  const detailField = (name: DetailField, label: string, props: InputProps, hint?: string) => (
    <LabelledField control={form.control} name={name} label={label} description={hint}>
      {({ field }) => (
        <Input
          {...props}
          {...field}
          disabled={payout.isPending}
          onChange={(event) => {
            field.onChange(event);
            form.clearErrors(name);
          }}
        />
      )}
    </LabelledField>
  );

  return (
    <Dialog open={open} onOpenChange={close}>
      <DialogContent>
        <DialogTitle>Request Payout</DialogTitle>
        <DialogDescription>
          Request a payout of {formatMoney(availableMinor, currency)}. Payouts are processed at the beginning
          of each month.
        </DialogDescription>
        <Form {...form}>
          <form onSubmit={onSubmit} noValidate className="grid gap-4">
            <FormField
              control={form.control}
              name="payoutMethod"
              render={({ field }) => (
                <FormItem>
                  <FormLabel>Payout Method</FormLabel>
                  <Select
                    value={field.value}
                    onValueChange={(next) => {
                      field.onChange(next);
                      form.clearErrors();
                    }}
                    disabled={payout.isPending}
                  >
                    <FormControl>
                      <SelectTrigger ref={field.ref} aria-label="Payout Method">
                        <SelectValue />
                      </SelectTrigger>
                    </FormControl>
                    <SelectContent>
                      <SelectItem value="bank_transfer">Bank Transfer</SelectItem>
                      <SelectItem value="paypal">PayPal</SelectItem>
                    </SelectContent>
                  </Select>
                  <FormMessage />
                </FormItem>
              )}
            />
            {method === "bank_transfer" ? (
              <div className="grid gap-4">
                {detailField("accountDetails", "Account Holder Name", {
                  autoComplete: "name",
                  placeholder: "Full name",
                })}
                <div className="grid gap-4 sm:grid-cols-2">
                  {detailField("sortCode", "Sort Code", {
                    placeholder: "12-34-56",
                    inputMode: "numeric",
                    maxLength: 8,
                  })}
                  {detailField("accountNumber", "Account Number", {
                    placeholder: "12345678",
                    inputMode: "numeric",
                    maxLength: 8,
                  })}
                </div>
              </div>
            ) : (
              detailField(
                "paypalEmail",
                "PayPal Email",
                { type: "email", autoComplete: "email", inputMode: "email", placeholder: "you@example.com" },
                "Use the email address linked to your PayPal account.",
              )
            )}
            <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
              <Button variant="outline" onClick={() => close(false)} disabled={payout.isPending}>
                Cancel
              </Button>
              <SubmitButton pending={payout.isPending} disabled={!canSubmitPayout(values, payout.isPending)}>
                {payout.isPending ? "Requesting..." : "Request Payout"}
              </SubmitButton>
            </div>
          </form>
        </Form>
      </DialogContent>
    </Dialog>
  );
}
