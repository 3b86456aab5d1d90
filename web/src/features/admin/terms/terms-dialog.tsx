import { zodResolver } from "@hookform/resolvers/zod";
import { useEffect, useMemo } from "react";
import { useForm, useWatch } from "react-hook-form";
import { toast } from "sonner";
import { adminTermsBodySchema } from "#contract/api/admin-content.ts";
import { DEFAULT_TERMS_TITLE, type TermsResponse } from "#contract/api/terms.ts";
import { LabelledField } from "#web/components/labelled-field.tsx";
import { SubmitButton } from "#web/components/submit-button.tsx";
import { Dialog, DialogContent, DialogDescription, DialogTitle } from "#web/components/ui/dialog.tsx";
import { Form } from "#web/components/ui/form.tsx";
import { Input } from "#web/components/ui/input.tsx";
import { Textarea } from "#web/components/ui/textarea.tsx";
import { errorMessage } from "#web/lib/api-request.ts";
import { applyServerFieldErrors } from "#web/lib/form-errors.ts";
import { sanitizeHtml } from "#web/lib/sanitize-html.ts";
import { useTermsMutations } from "./use-admin-terms.ts";

export type TermsDialogProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The current terms, to edit; none to create them. */
  terms: TermsResponse | null;
};

const formValues = (terms: TermsResponse | null) => ({
  title: terms?.title ?? DEFAULT_TERMS_TITLE,
  content: terms?.content ?? "",
});

/** Create / Edit Terms: title and content (HTML) required, with a live sanitized preview. */
export function TermsDialog({ open, onOpenChange, terms }: TermsDialogProps) {
  const { save } = useTermsMutations();
  const form = useForm({ resolver: zodResolver(adminTermsBodySchema), defaultValues: formValues(terms) });
  const content = useWatch({ control: form.control, name: "content" });
  const preview = useMemo(() => sanitizeHtml(content ?? ""), [content]);

  useEffect(() => {
    if (open) form.reset(formValues(terms));
  }, [open, terms, form]);

  const onSubmit = form.handleSubmit((body) =>
    save.mutate(body, {
      onSuccess: () => {
        toast.success("Terms Updated", { description: "The terms page shows the new version now." });
        onOpenChange(false);
      },
      onError: (error) => {
        applyServerFieldErrors(form, error);
        toast.error("Update Failed", { description: errorMessage(error, "Failed to update terms") });
      },
    }),
  );

  return (
    <Dialog open={open} onOpenChange={(next) => !save.isPending && onOpenChange(next)}>
      <DialogContent className="max-w-4xl">
        <DialogTitle>{terms ? "Edit Terms" : "Create Terms"}</DialogTitle>
        <DialogDescription>
          The content is HTML: headings, paragraphs, lists, tables and links. Scripts, styles and anything
          unsafe are removed when you save; the preview shows what members will see.
        </DialogDescription>
        <Form {...form}>
          <form onSubmit={onSubmit} noValidate className="grid gap-4">
            <LabelledField control={form.control} name="title" label="Title">
              {({ field }) => <Input autoComplete="off" required {...field} />}
            </LabelledField>
            <div className="grid gap-4 md:grid-cols-2">
              <LabelledField control={form.control} name="content" label="Content (HTML)">
                {({ field }) => (
                  <Textarea rows={16} required className="font-mono text-xs sm:text-xs" {...field} />
                )}
              </LabelledField>
              <section aria-labelledby="terms-preview-heading" className="grid content-start gap-2">
                <h3 id="terms-preview-heading" className="text-sm font-medium text-slate-900">
                  Preview
                </h3>
                {preview.trim() ? (
                  <div
                    className="rich-text rounded-lg border border-slate-200 bg-white p-4"
                    // biome-ignore lint/security/noDangerouslySetInnerHtml: allow-list sanitised above (contract policy)
                    dangerouslySetInnerHTML={{ __html: preview }}
                  />
                ) : (
                  <p className="rounded-lg border border-dashed border-slate-300 p-4 text-sm text-slate-600">
                    The preview appears as you type.
                  </p>
                )}
              </section>
            </div>
            <SubmitButton pending={save.isPending} className="justify-self-end">
              {terms ? "Save Terms" : "Create Terms"}
            </SubmitButton>
          </form>
        </Form>
      </DialogContent>
    </Dialog>
  );
}
