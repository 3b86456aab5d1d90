import { zodResolver } from "@hookform/resolvers/zod";
import { Ban } from "lucide-react";
import { useForm } from "react-hook-form";
import { toast } from "sonner";
import { z } from "zod";
import { blockBodySchema } from "#contract/api/blocks.ts";
import { LabelledField } from "#web/components/labelled-field.tsx";
import { SubmitButton } from "#web/components/submit-button.tsx";
import { Form } from "#web/components/ui/form.tsx";
import { Input } from "#web/components/ui/input.tsx";
import { errorMessage } from "#web/lib/api-request.ts";
import { applyServerFieldErrors } from "#web/lib/form-errors.ts";
import { blockedMemberName } from "./block-display.ts";
import { useBlockMember } from "./use-block-member.ts";

/** The contract's tagg rule for a block ("@" and capitals allowed, read as the handle), after "say something". */
const blockByTaggFormSchema = z.object({
  tagg: z
    .string()
    .trim()
    .min(1, { error: "Enter the tagg of the member to block" })
    .pipe(blockBodySchema.options[1].shape.tagg),
});
type BlockByTaggValues = z.input<typeof blockByTaggFormSchema>;

/** Tagg → POST /api/blocks {tagg}. What the server says about the tagg is shown on the field. */
export function BlockByTaggForm() {
  const block = useBlockMember();
  const form = useForm<BlockByTaggValues, unknown, z.output<typeof blockByTaggFormSchema>>({
    resolver: zodResolver(blockByTaggFormSchema),
    defaultValues: { tagg: "" },
  });

  const onSubmit = form.handleSubmit((values) =>
    block.mutate(values, {
      onSuccess: (made) => {
        toast.success("Member Blocked", {
          description: `${blockedMemberName(made.member)} can no longer find your posts.`,
        });
        form.reset({ tagg: "" });
      },
      onError: (error) => {
        if (!applyServerFieldErrors(form, error)) {
          toast.error("Block Failed", { description: errorMessage(error, "Failed to block this member") });
        }
      },
    }),
  );

  return (
    <Form {...form}>
      <form
        onSubmit={onSubmit}
        noValidate
        aria-label="Block a member by tagg"
        className="grid gap-3 rounded-xl border border-slate-200 bg-slate-50 p-4"
      >
        <LabelledField
          control={form.control}
          name="tagg"
          label="Block by tagg"
          description="Their tagg, with or without the @. They won't be told."
        >
          {({ field }) => (
            <Input
              autoComplete="off"
              autoCapitalize="none"
              spellCheck={false}
              placeholder="@tagg"
              maxLength={100}
              {...field}
            />
          )}
        </LabelledField>
        <div>
          <SubmitButton pending={block.isPending} variant="destructive" icon={<Ban aria-hidden="true" />}>
            Block
          </SubmitButton>
        </div>
      </form>
    </Form>
  );
}
