import { zodResolver } from "@hookform/resolvers/zod";
import { useEffect } from "react";
import { useForm, useWatch } from "react-hook-form";
import { toast } from "sonner";
import {
  type AdminAppeal,
  type AppealOutcome,
  appealDecisionBodySchema,
  MODERATION_LIMITS,
} from "#contract/api/moderation.ts";
import { LabelledField } from "#web/components/labelled-field.tsx";
import { SubmitButton } from "#web/components/submit-button.tsx";
import { Dialog, DialogContent, DialogDescription, DialogTitle } from "#web/components/ui/dialog.tsx";
import { Form, FormField } from "#web/components/ui/form.tsx";
import { Textarea } from "#web/components/ui/textarea.tsx";
import { errorMessage } from "#web/lib/api-request.ts";
import { applyServerFieldErrors } from "#web/lib/form-errors.ts";
import { useRestoreFocus } from "#web/lib/use-restore-focus.ts";
import { SettingSelect } from "../setting-select.tsx";
import { DecisionSummary } from "./appeal-columns.tsx";
import { personName } from "./appeal-labels.ts";
import { useDecideAppeal } from "./use-appeals.ts";

export type AppealDecisionDialogProps = {
  /** The appeal to decide and the outcome its button chose; null when closed. */
  deciding: { appeal: AdminAppeal; outcome: AppealOutcome } | null;
  onClose: () => void;
};

const OUTCOME_CHOICES = [
  { value: "upheld", label: "Uphold the decision" },
  { value: "reversed", label: "Reverse the decision" },
] as const;

/**
 * Decide an appeal: the decision and the member's appeal side by side, the outcome, and the words the member
 * reads with it (required). A reversal restores what the decision took.
 */
export function AppealDecisionDialog({ deciding, onClose }: AppealDecisionDialogProps) {
  const restoreFocus = useRestoreFocus();
  const decide = useDecideAppeal();
  const form = useForm({
    resolver: zodResolver(appealDecisionBodySchema),
    defaultValues: { outcome: deciding?.outcome ?? "upheld", text: "" },
  });
  const [outcome, text] = useWatch({ control: form.control, name: ["outcome", "text"] });

  useEffect(() => {
    if (deciding) form.reset({ outcome: deciding.outcome, text: "" });
  }, [deciding, form]);

  const submit = form.handleSubmit((body) => {
    if (!deciding) return;
    decide.mutate(
      { id: deciding.appeal.id, body },
      {
        onSuccess: (saved) => {
          toast.success(saved.status === "reversed" ? "Decision Reversed" : "Decision Upheld", {
            description:
              saved.status === "reversed"
                ? `What was taken is restored; ${personName(saved.member)} is told.`
                : `The decision stands; ${personName(saved.member)} is told.`,
          });
          onClose();
        },
        onError: (error) => {
          toast.error("Error", { description: errorMessage(error, "Failed to decide the appeal") });
          // A refusal about the appeal itself (decided already, not yours to decide) leaves nothing to correct.
          if (!applyServerFieldErrors(form, error)) onClose();
        },
      },
    );
  });

  const appeal = deciding?.appeal;
  return (
    <Dialog open={deciding !== null} onOpenChange={(open) => !open && !decide.isPending && onClose()}>
      <DialogContent {...restoreFocus} className="max-w-xl">
        <DialogTitle>{outcome === "reversed" ? "Reverse the Decision" : "Uphold the Decision"}</DialogTitle>
        <DialogDescription>
          {appeal ? `${personName(appeal.member)} appealed this decision. ` : ""}
          The member reads the outcome and your words in the app and by e-mail.
          {outcome === "reversed" ? " Reversing it restores what the decision took." : ""}
        </DialogDescription>
        {appeal ? (
          <div className="grid gap-3 rounded-lg bg-slate-50 p-3">
            <DecisionSummary decision={appeal.decision} />
            <div className="grid gap-1 text-sm">
              <span className="font-medium text-slate-900">Their appeal</span>
              <span className="break-words whitespace-pre-line text-slate-800">{appeal.text}</span>
            </div>
          </div>
        ) : null}
        <Form {...form}>
          <form onSubmit={submit} noValidate className="grid gap-4">
            <FormField
              control={form.control}
              name="outcome"
              render={({ field }) => (
                <SettingSelect field={field} label="Outcome" choices={OUTCOME_CHOICES} />
              )}
            />
            <LabelledField
              control={form.control}
              name="text"
              label="Explain the outcome (sent to the member)"
              description={`${text.length}/${MODERATION_LIMITS.outcomeText} characters.`}
            >
              {({ field }) => (
                <Textarea rows={4} maxLength={MODERATION_LIMITS.outcomeText} required {...field} />
              )}
            </LabelledField>
            <SubmitButton pending={decide.isPending} className="justify-self-end">
              {outcome === "reversed" ? "Reverse Decision" : "Uphold Decision"}
            </SubmitButton>
          </form>
        </Form>
      </DialogContent>
    </Dialog>
  );
}
