import { zodResolver } from "@hookform/resolvers/zod";
import { useEffect } from "react";
import { useForm } from "react-hook-form";
import { toast } from "sonner";
import {
  ADMIN_CONTENT_MESSAGES,
  type AdminHelpContent,
  helpContentBodySchema,
} from "#contract/api/admin-content.ts";
import { LabelledField } from "#web/components/labelled-field.tsx";
import { SubmitButton } from "#web/components/submit-button.tsx";
import { Alert } from "#web/components/ui/alert.tsx";
import { Dialog, DialogContent, DialogDescription, DialogTitle } from "#web/components/ui/dialog.tsx";
import { Form } from "#web/components/ui/form.tsx";
import { Input } from "#web/components/ui/input.tsx";
import { Textarea } from "#web/components/ui/textarea.tsx";
import { applyServerFieldErrors } from "#web/lib/form-errors.ts";
import { useHelpMutations } from "./use-help-mutations.ts";

export type HelpDialogProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The help text to edit; none to create one. */
  help?: AdminHelpContent | null;
  /** Section names the app knows, offered while typing a new one. */
  sectionNames: readonly string[];
};

const formValues = (help: AdminHelpContent | null | undefined) => ({
  sectionName: help?.sectionName ?? "",
  title: help?.title ?? "",
  content: help?.content ?? "",
});

/** The help content create/edit dialog: all three fields required; the section name is fixed on edit. */
export function HelpContentDialog({ open, onOpenChange, help, sectionNames }: HelpDialogProps) {
  const { create, update } = useHelpMutations();
  const form = useForm({ resolver: zodResolver(helpContentBodySchema), defaultValues: formValues(help) });
  const pending = create.isPending || update.isPending;
  const invalid = Object.keys(form.formState.errors).length > 0;

  useEffect(() => {
    if (open) form.reset(formValues(help));
  }, [open, help, form]);

  const onError = (fallback: string) => (error: unknown) => {
    applyServerFieldErrors(form, error);
    toast.error("Error", { description: fallback });
  };

  const onSubmit = form.handleSubmit((body) => {
    if (!help) {
      create.mutate(body, {
        onSuccess: (saved) => {
          toast.success("Help Content Created", { description: `Help for ${saved.sectionName} is live.` });
          onOpenChange(false);
        },
        onError: onError("Failed to create help content"),
      });
      return;
    }
    update.mutate(
      { sectionName: help.sectionName, body: { title: body.title, content: body.content } },
      {
        onSuccess: (saved) => {
          toast.success("Help Content Updated", { description: `Help for ${saved.sectionName} is saved.` });
          onOpenChange(false);
        },
        onError: onError("Failed to update help content"),
      },
    );
  });

  return (
    <Dialog open={open} onOpenChange={(next) => !pending && onOpenChange(next)}>
      <DialogContent className="max-w-2xl">
        <DialogTitle>{help ? "Edit Help Content" : "Create Help Content"}</DialogTitle>
        <DialogDescription>
          Plain text shown in the help dialog of the section; line breaks are kept.
        </DialogDescription>
        <Form {...form}>
          <form onSubmit={onSubmit} noValidate className="grid gap-4">
            {invalid ? (
              <Alert variant="destructive" role="alert">
                {ADMIN_CONTENT_MESSAGES.allFieldsRequired}
              </Alert>
            ) : null}
            <LabelledField
              control={form.control}
              name="sectionName"
              label="Section Name"
              description={help ? "The section a help text belongs to cannot change." : undefined}
            >
              {({ field }) => (
                <Input
                  autoComplete="off"
                  required
                  readOnly={Boolean(help)}
                  list={help ? undefined : "help-section-names"}
                  {...field}
                />
              )}
            </LabelledField>
            {help ? null : (
              <datalist id="help-section-names">
                {sectionNames.map((name) => (
                  <option key={name} value={name} />
                ))}
              </datalist>
            )}
            <LabelledField control={form.control} name="title" label="Title">
              {({ field }) => <Input autoComplete="off" required {...field} />}
            </LabelledField>
            <LabelledField control={form.control} name="content" label="Content">
              {({ field }) => <Textarea rows={8} required {...field} />}
            </LabelledField>
            <SubmitButton pending={pending} className="justify-self-end">
              {help ? "Save Changes" : "Create Help Content"}
            </SubmitButton>
          </form>
        </Form>
      </DialogContent>
    </Dialog>
  );
}
