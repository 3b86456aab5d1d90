import { useForm } from "react-hook-form";
import { toast } from "sonner";
import { requestPayoutBodySchema } from "#contract/api/affiliate.ts";
import { errorId, FormField } from "#web/components/form-field.tsx";
import { Button } from "#web/components/ui/button.tsx";
import { Dialog, DialogContent, DialogDescription, DialogTitle } from "#web/components/ui/dialog.tsx";
import { Input } from "#web/components/ui/input.tsx";
import { Label } from "#web/components/ui/label.tsx";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "#web/components/ui/select.tsx";
import { Spinner } from "#web/components/ui/spinner.tsx";
import { errorMessage, fieldErrors } from "#web/lib/api-request.ts";
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
const DETAIL_FIELDS: readonly DetailField[] = ["accountDetails", "sortCode", "accountNumber", "paypalEmail"];

/** "Request Payout": the whole available balance, to a bank account or PayPal (spec 2 §2, §5). */
export function PayoutDialog({ open, onOpenChange, availableMinor, currency }: PayoutDialogProps) {
  const payout = useRequestPayout();
  const form = useForm<PayoutFormValues>({ defaultValues: EMPTY_PAYOUT_FORM });
  const { errors } = form.formState;
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
      for (const issue of parsed.error.issues) {
        const field = issue.path.at(-1);
        if (typeof field === "string" && (DETAIL_FIELDS as readonly string[]).includes(field)) {
          form.setError(field as DetailField, { message: issue.message });
        }
      }
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
        for (const [field, message] of Object.entries(fieldErrors(error))) {
          const name = field.split(".").at(-1) ?? field;
          if ((DETAIL_FIELDS as readonly string[]).includes(name)) {
            form.setError(name as DetailField, { message });
          }
        }
        toast.error("Payout Failed", { description: errorMessage(error, "Failed to request payout") });
      },
    });
  });

  const field = (id: DetailField, label: string, props: Parameters<typeof Input>[0], hint?: string) => (
    <FormField id={`payout-${id}`} label={label} error={errors[id]?.message} hint={hint}>
      <Input
        id={`payout-${id}`}
        aria-invalid={errors[id] ? true : undefined}
        aria-describedby={errorId(`payout-${id}`)}
        disabled={payout.isPending}
        {...props}
        {...form.register(id, { onChange: () => form.clearErrors(id) })}
      />
    </FormField>
  );

  return (
    <Dialog open={open} onOpenChange={close}>
      <DialogContent>
        <DialogTitle>Request Payout</DialogTitle>
        <DialogDescription>
          Request a payout of {formatMoney(availableMinor, currency)}. Payouts are processed at the beginning
          of each month.
        </DialogDescription>
        <form onSubmit={onSubmit} noValidate className="grid gap-4">
          <div className="grid gap-1.5">
            <Label htmlFor="payout-method">Payout Method</Label>
            <Select
              value={method}
              onValueChange={(next) => {
                form.setValue("payoutMethod", next as PayoutFormValues["payoutMethod"]);
                form.clearErrors();
              }}
              disabled={payout.isPending}
            >
              <SelectTrigger id="payout-method" aria-label="Payout Method">
                <SelectValue />
              </SelectTrigger>
              <SelectContent>
                <SelectItem value="bank_transfer">Bank Transfer</SelectItem>
                <SelectItem value="paypal">PayPal</SelectItem>
              </SelectContent>
            </Select>
          </div>
          {method === "bank_transfer" ? (
            <div className="grid gap-4">
              {field("accountDetails", "Account Holder Name", {
                autoComplete: "name",
                placeholder: "Full name",
              })}
              <div className="grid gap-4 sm:grid-cols-2">
                {field("sortCode", "Sort Code", {
                  placeholder: "12-34-56",
                  inputMode: "numeric",
                  maxLength: 8,
                })}
                {field("accountNumber", "Account Number", {
                  placeholder: "12345678",
                  inputMode: "numeric",
                  maxLength: 8,
                })}
              </div>
            </div>
          ) : (
            field(
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
            <Button type="submit" disabled={!canSubmitPayout(values, payout.isPending)}>
              {payout.isPending ? <Spinner className="text-white" /> : null}
              {payout.isPending ? "Requesting..." : "Request Payout"}
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}
