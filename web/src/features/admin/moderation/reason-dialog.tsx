import { zodResolver } from "@hookform/resolvers/zod";
import { useEffect } from "react";
import { useForm } from "react-hook-form";
import { toast } from "sonner";
import {
  MODERATION_LIMITS,
  type ModerationReason,
  moderationReasonBodySchema,
} from "#contract/api/moderation.ts";
import { LabelledField } from "#web/components/labelled-field.tsx";
import { SubmitButton } from "#web/components/submit-button.tsx";
import { Dialog, DialogContent, DialogDescription, DialogTitle } from "#web/components/ui/dialog.tsx";
import { Form } from "#web/components/ui/form.tsx";
import { Input } from "#web/components/ui/input.tsx";
import { Textarea } from "#web/components/ui/textarea.tsx";
import { errorMessage } from "#web/lib/api-request.ts";
import { applyServerFieldErrors } from "#web/lib/form-errors.ts";
import { useRestoreFocus } from "#web/lib/use-restore-focus.ts";
import { useReasonMutations } from "./use-moderation-reasons.ts";

export type ReasonDialogProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The reason to edit; none to add one. */
  reason?: ModerationReason | null;
};

const formValues = (reason: ModerationReason | null | undefined) => ({
  label: reason?.label ?? "",
  rule: reason?.rule ?? "",
});

/** "Add Reason" / "Edit Reason": a short label and the rule of the terms it stands for, both required. */
export function ReasonDialog({ open, onOpenChange, reason }: ReasonDialogProps) {
  const restoreFocus = useRestoreFocus();
  const { create, update } = useReasonMutations();
  const form = useForm({
    resolver: zodResolver(moderationReasonBodySchema),
    defaultValues: formValues(reason),
  });
  const pending = create.isPending || update.isPending;

  useEffect(() => {
    if (open) form.reset(formValues(reason));
  }, [open, reason, form]);

  const onSubmit = form.handleSubmit((body) => {
    const onError = (error: unknown) => {
      applyServerFieldErrors(form, error);
      toast.error("Error", { description: errorMessage(error, "Failed to save the reason") });
    };
    const onSuccess = (saved: ModerationReason) => {
      toast.success(reason ? "Reason Updated" : "Reason Added", {
        description: `“${saved.label}” is saved.`,
      });
      onOpenChange(false);
    };
    if (reason) update.mutate({ id: reason.id, body }, { onSuccess, onError });
    else create.mutate(body, { onSuccess, onError });
  });

  return (
    <Dialog open={open} onOpenChange={(next) => !pending && onOpenChange(next)}>
      <DialogContent {...restoreFocus}>
        <DialogTitle>{reason ? "Edit Reason" : "Add Reason"}</DialogTitle>
        <DialogDescription>
          The member reads the label and the rule with every decision taken for this reason.
          {reason ? " Decisions already taken keep the words they were given." : ""}
        </DialogDescription>
        <Form {...form}>
          <form onSubmit={onSubmit} noValidate className="grid gap-4">
            <LabelledField control={form.control} name="label" label="Label">
              {({ field }) => (
                <Input autoComplete="off" required maxLength={MODERATION_LIMITS.reasonLabel} {...field} />
              )}
            </LabelledField>
            <LabelledField
              control={form.control}
              name="rule"
              label="Rule of the terms"
              description="In the words of the terms, as the member will read it."
            >
              {({ field }) => (
                <Textarea rows={3} required maxLength={MODERATION_LIMITS.reasonRule} {...field} />
              )}
            </LabelledField>
            <SubmitButton pending={pending} className="justify-self-end">
              {reason ? "Save Changes" : "Add Reason"}
            </SubmitButton>
          </form>
        </Form>
      </DialogContent>
    </Dialog>
  );
}
