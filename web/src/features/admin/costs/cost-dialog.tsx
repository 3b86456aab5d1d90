import { zodResolver } from "@hookform/resolvers/zod";
import { useEffect } from "react";
import { useForm } from "react-hook-form";
import { toast } from "sonner";
import { z } from "zod";
import { COST_MESSAGES, type Cost, costBodySchema } from "#contract/api/admin-money.ts";
import { LabelledField } from "#web/components/labelled-field.tsx";
import { SubmitButton } from "#web/components/submit-button.tsx";
import { Dialog, DialogContent, DialogDescription, DialogTitle } from "#web/components/ui/dialog.tsx";
import { Form } from "#web/components/ui/form.tsx";
import { Input } from "#web/components/ui/input.tsx";
import { Textarea } from "#web/components/ui/textarea.tsx";
import { errorMessage } from "#web/lib/api-request.ts";
import { applyServerFieldErrors } from "#web/lib/form-errors.ts";
import { formatCostAmount, minorToMajorText } from "./cost-money.ts";
import { useCostMutations } from "./use-costs.ts";

/**
 * The form checks the body with the contract's rules and sends what was typed: the amount travels as the
 * decimal the administrator wrote ("12.50"), and the server stores it in minor units. The form always sends a
 * date: today's (on the administrator's calendar) unless they pick another.
 */
const costFormSchema = costBodySchema.extend({
  notes: z.string().trim().max(1000),
  date: z.iso.date({ error: COST_MESSAGES.date }),
});
type CostForm = z.input<typeof costFormSchema>;

/** Today on the administrator's own calendar, as the date input holds it ("YYYY-MM-DD"). */
function localToday() {
  const now = new Date();
  const pad = (n: number) => String(n).padStart(2, "0");
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

const formValues = (cost: Cost | null | undefined): CostForm => ({
  service: cost?.service ?? "",
  description: cost?.description ?? "",
  amount: cost ? minorToMajorText(cost.amount) : "",
  category: cost?.category ?? "",
  currency: cost?.currency ?? "USD",
  notes: cost?.notes ?? "",
  date: cost?.date ?? localToday(),
});

export type CostDialogProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The cost to edit; none to add a new one. */
  cost?: Cost | null;
};

/**
 * "Add New Cost" / "Edit Cost": date, service, description, amount and category required; notes optional. An
 * edit replaces every field.
 */
export function CostDialog({ open, onOpenChange, cost }: CostDialogProps) {
  const { create, update } = useCostMutations();
  const pending = create.isPending || update.isPending;
  const form = useForm({
    // `raw`: submit the values as typed, not the parsed ones (whose amount is already in minor units).
    resolver: zodResolver(costFormSchema, undefined, { raw: true }),
    defaultValues: formValues(cost),
  });

  useEffect(() => {
    if (open) form.reset(formValues(cost));
  }, [open, cost, form]);

  const onSubmit = form.handleSubmit((values) => {
    const body = { ...values, notes: values.notes || null };
    const onError = (title: string, fallback: string) => (error: unknown) => {
      applyServerFieldErrors(form, error);
      toast.error(title, { description: errorMessage(error, fallback) });
    };
    const onSuccess = (title: string) => (saved: Cost) => {
      toast.success(title, {
        description: `${saved.service}: ${formatCostAmount(saved.amount, saved.currency)}`,
      });
      onOpenChange(false);
    };
    if (cost) {
      update.mutate(
        { id: cost.id, body },
        { onSuccess: onSuccess("Cost Updated"), onError: onError("Update Failed", "Failed to update cost") },
      );
    } else {
      create.mutate(body, {
        onSuccess: onSuccess("Cost Added"),
        onError: onError("Failed to Add Cost", "Failed to add cost"),
      });
    }
  });

  return (
    <Dialog open={open} onOpenChange={(next) => !pending && onOpenChange(next)}>
      <DialogContent>
        <DialogTitle>{cost ? "Edit Cost" : "Add New Cost"}</DialogTitle>
        <DialogDescription>
          {cost
            ? "Correct this cost. The totals and this month's unit economics follow."
            : "Record a running cost of the platform. Amounts keep their currency."}
        </DialogDescription>
        <Form {...form}>
          <form onSubmit={onSubmit} noValidate className="grid gap-4">
            <LabelledField control={form.control} name="date" label="Date">
              {({ field }) => <Input type="date" required {...field} value={field.value ?? ""} />}
            </LabelledField>
            <LabelledField control={form.control} name="service" label="Service">
              {({ field }) => <Input autoComplete="off" required placeholder="Hosting" {...field} />}
            </LabelledField>
            <LabelledField control={form.control} name="description" label="Description">
              {({ field }) => <Input autoComplete="off" required {...field} />}
            </LabelledField>
            <div className="grid gap-4 sm:grid-cols-[1fr_8rem]">
              <LabelledField control={form.control} name="amount" label="Amount">
                {({ field }) => (
                  <Input inputMode="decimal" autoComplete="off" required placeholder="12.50" {...field} />
                )}
              </LabelledField>
              <LabelledField control={form.control} name="currency" label="Currency">
                {({ field }) => (
                  <Input autoComplete="off" maxLength={3} {...field} value={field.value ?? "USD"} />
                )}
              </LabelledField>
            </div>
            <LabelledField control={form.control} name="category" label="Category">
              {({ field }) => <Input autoComplete="off" required placeholder="Infrastructure" {...field} />}
            </LabelledField>
            <LabelledField control={form.control} name="notes" label="Notes (optional)">
              {({ field }) => <Textarea rows={3} {...field} />}
            </LabelledField>
            <SubmitButton pending={pending} className="justify-self-end">
              {cost ? "Save Changes" : "Add Cost"}
            </SubmitButton>
          </form>
        </Form>
      </DialogContent>
    </Dialog>
  );
}
