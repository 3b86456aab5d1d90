import { zodResolver } from "@hookform/resolvers/zod";
import { useEffect } from "react";
import { useForm } from "react-hook-form";
import { toast } from "sonner";
import { z } from "zod";
import { costBodySchema } from "#contract/api/admin-money.ts";
import { LabelledField } from "#web/components/labelled-field.tsx";
import { SubmitButton } from "#web/components/submit-button.tsx";
import { Dialog, DialogContent, DialogDescription, DialogTitle } from "#web/components/ui/dialog.tsx";
import { Form } from "#web/components/ui/form.tsx";
import { Input } from "#web/components/ui/input.tsx";
import { Textarea } from "#web/components/ui/textarea.tsx";
import { errorMessage } from "#web/lib/api-request.ts";
import { applyServerFieldErrors } from "#web/lib/form-errors.ts";
import { formatCostAmount } from "./cost-money.ts";
import { useAddCost } from "./use-costs.ts";

/**
 * The form checks the body with the contract's rules and sends what was typed: the amount travels as the
 * decimal the administrator wrote ("12.50"), and the server stores it in minor units.
 */
const costFormSchema = costBodySchema.extend({ notes: z.string().trim().max(1000) });
type CostForm = z.input<typeof costFormSchema>;

const EMPTY: CostForm = {
  service: "",
  description: "",
  amount: "",
  category: "",
  currency: "USD",
  notes: "",
};

/** "Add New Cost": service, description, amount and category required; notes optional. */
export function CostDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const add = useAddCost();
  const form = useForm({
    // `raw`: submit the values as typed, not the parsed ones (whose amount is already in minor units).
    resolver: zodResolver(costFormSchema, undefined, { raw: true }),
    defaultValues: EMPTY,
  });

  useEffect(() => {
    if (open) form.reset(EMPTY);
  }, [open, form]);

  const onSubmit = form.handleSubmit((values) => {
    add.mutate(
      { ...values, notes: values.notes || null },
      {
        onSuccess: (cost) => {
          toast.success("Cost Added", {
            description: `${cost.service}: ${formatCostAmount(cost.amount, cost.currency)}`,
          });
          onOpenChange(false);
        },
        onError: (error) => {
          applyServerFieldErrors(form, error);
          toast.error("Failed to Add Cost", { description: errorMessage(error, "Failed to add cost") });
        },
      },
    );
  });

  return (
    <Dialog open={open} onOpenChange={(next) => !add.isPending && onOpenChange(next)}>
      <DialogContent>
        <DialogTitle>Add New Cost</DialogTitle>
        <DialogDescription>
          Record a running cost of the platform. Amounts keep their currency.
        </DialogDescription>
        <Form {...form}>
          <form onSubmit={onSubmit} noValidate className="grid gap-4">
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
            <SubmitButton pending={add.isPending} className="justify-self-end">
              Add Cost
            </SubmitButton>
          </form>
        </Form>
      </DialogContent>
    </Dialog>
  );
}
