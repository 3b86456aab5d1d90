import { zodResolver } from "@hookform/resolvers/zod";
import { Send } from "lucide-react";
import { useId } from "react";
import { useForm, useWatch } from "react-hook-form";
import { toast } from "sonner";
import type { z } from "zod";
import { type Appeal, appealBodySchema, MODERATION_LIMITS } from "#contract/api/moderation.ts";
import { LabelledField } from "#web/components/labelled-field.tsx";
import { SubmitButton } from "#web/components/submit-button.tsx";
import { Form } from "#web/components/ui/form.tsx";
import { Textarea } from "#web/components/ui/textarea.tsx";
import { errorCodeOf, errorMessage } from "#web/lib/api-request.ts";
import { cn } from "#web/lib/cn.ts";
import { applyServerFieldErrors } from "#web/lib/form-errors.ts";
import { formatDay } from "./decision-display.ts";
import { useAppeal } from "./use-moderation-decisions.ts";

type AppealValues = z.input<typeof appealBodySchema>;

const count = new Intl.NumberFormat("en-GB");

/** The characters the server will count: the text as sent, trimmed. */
export const appealLength = (text: string) => text.trim().length;

export type AppealFormProps = {
  decisionId: string;
  /** The last moment an appeal is taken (`appealableUntil`). */
  until: Date;
  /** Called once the appeal is made, with it. */
  onAppealed?: (appeal: Appeal) => void;
};

/**
 * The appeal of one decision: a text of up to 1,000 characters with a live count, then
 * POST /api/moderation-decisions/{id}/appeal. A text the server refuses is marked on the field; an appeal it
 * refuses for the decision (already appealed, closed, not found) is said in a toast, and the page then shows
 * why from the list read again.
 */
export function AppealForm({ decisionId, until, onAppealed }: AppealFormProps) {
  const appeal = useAppeal(decisionId, onAppealed);
  const counterId = useId();
  const form = useForm<AppealValues, unknown, z.output<typeof appealBodySchema>>({
    resolver: zodResolver(appealBodySchema),
    defaultValues: { text: "" },
  });
  const length = appealLength(useWatch({ control: form.control, name: "text" }) ?? "");
  const over = length > MODERATION_LIMITS.appealText;

  const onSubmit = form.handleSubmit((values) =>
    appeal.mutate(values, {
      onError: (error) => {
        if (applyServerFieldErrors(form, error)) return;
        const code = errorCodeOf(error);
        const title =
          code === "appeal_exists" || code === "appeal_closed" ? "Cannot Appeal" : "Appeal Failed";
        toast.error(title, { description: errorMessage(error, "Failed to send your appeal") });
      },
    }),
  );

  return (
    <Form {...form}>
      <form onSubmit={onSubmit} noValidate aria-label="Appeal this decision" className="grid gap-3">
        <LabelledField
          control={form.control}
          name="text"
          label="Your appeal"
          description={`Say why you think this decision is wrong. You can appeal once, until ${formatDay(until)}.`}
        >
          {({ field }) => <Textarea rows={5} aria-describedby={counterId} className="resize-y" {...field} />}
        </LabelledField>
        <div className="flex flex-wrap items-center justify-between gap-3">
          <p
            id={counterId}
            className={cn("text-xs tabular-nums text-slate-600", over && "font-semibold text-red-700")}
          >
            {count.format(length)} / {count.format(MODERATION_LIMITS.appealText)} characters
            {over ? ` (${count.format(length - MODERATION_LIMITS.appealText)} too many)` : ""}
          </p>
          <SubmitButton pending={appeal.isPending} icon={<Send aria-hidden="true" />}>
            Send appeal
          </SubmitButton>
        </div>
      </form>
    </Form>
  );
}
