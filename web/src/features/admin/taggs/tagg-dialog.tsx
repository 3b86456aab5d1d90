import { zodResolver } from "@hookform/resolvers/zod";
import { useEffect } from "react";
import { useForm } from "react-hook-form";
import { toast } from "sonner";
import { type AdminTagg, adminTaggBodySchema } from "#contract/api/admin-taggs.ts";
import { EmailInput } from "#web/components/email-input.tsx";
import { LabelledField } from "#web/components/labelled-field.tsx";
import { SubmitButton } from "#web/components/submit-button.tsx";
import { Dialog, DialogContent, DialogDescription, DialogTitle } from "#web/components/ui/dialog.tsx";
import { Form } from "#web/components/ui/form.tsx";
import { Input } from "#web/components/ui/input.tsx";
import { Textarea } from "#web/components/ui/textarea.tsx";
import { errorMessage } from "#web/lib/api-request.ts";
import { applyServerFieldErrors } from "#web/lib/form-errors.ts";
import { changedFields } from "../admin-form.ts";
import { NameFields } from "../name-fields.tsx";
import { useTaggMutations } from "./use-tagg-mutations.ts";

export type TaggDialogProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The tagg to edit; none to add a new one. */
  tagg?: AdminTagg | null;
};

type TaggForm = { firstName: string; lastName: string; tagg: string; email: string; reason: string };

const formValues = (tagg: AdminTagg | null | undefined): TaggForm => ({
  firstName: tagg?.firstName ?? "",
  lastName: tagg?.lastName ?? "",
  tagg: tagg?.tagg ?? "",
  email: tagg?.email ?? "",
  reason: tagg?.reason ?? "",
});

/** "Add New Tagg" / "Edit Tagg": first name, last name, tagg and e-mail required; a reason. */
export function TaggDialog({ open, onOpenChange, tagg }: TaggDialogProps) {
  const { create, update } = useTaggMutations();
  const form = useForm({
    resolver: zodResolver(adminTaggBodySchema),
    defaultValues: formValues(tagg),
  });
  const pending = create.isPending || update.isPending;

  useEffect(() => {
    if (open) form.reset(formValues(tagg));
  }, [open, tagg, form]);

  const close = (next: boolean) => {
    if (!pending) onOpenChange(next);
  };

  const onSubmit = form.handleSubmit((body) => {
    const onError = (title: string, fallback: string) => (error: unknown) => {
      applyServerFieldErrors(form, error);
      toast.error(title, { description: errorMessage(error, fallback) });
    };
    if (!tagg) {
      create.mutate(body, {
        onSuccess: (added) => {
          toast.success("Tagg Added", { description: `@${added.tagg} is registered.` });
          onOpenChange(false);
        },
        onError: onError("Failed to Add Tagg", "Failed to add tagg"),
      });
      return;
    }
    if (Object.keys(changedFields(formValues(tagg), body)).length === 0) {
      onOpenChange(false);
      return;
    }
    update.mutate(
      { id: tagg.id, body: { ...body, reason: body.reason || null } },
      {
        onSuccess: (saved) => {
          toast.success("Tagg Updated", { description: `@${saved.tagg} is saved.` });
          onOpenChange(false);
        },
        onError: onError("Update Failed", "Failed to update tagg"),
      },
    );
  });

  return (
    <Dialog open={open} onOpenChange={close}>
      <DialogContent>
        <DialogTitle>{tagg ? "Edit Tagg" : "Add New Tagg"}</DialogTitle>
        <DialogDescription>
          {tagg
            ? "Change the registration of this tagg. Renaming it renames it for the member who holds it."
            : "Register a tagg, for example to reserve it for a partner before they join."}
        </DialogDescription>
        <Form {...form}>
          <form onSubmit={onSubmit} noValidate className="grid gap-4">
            <NameFields />
            <LabelledField control={form.control} name="tagg" label="Tagg">
              {({ field }) => <Input autoComplete="off" required placeholder="tagg_name" {...field} />}
            </LabelledField>
            <LabelledField control={form.control} name="email" label="Email">
              {({ field }) => <EmailInput required {...field} />}
            </LabelledField>
            <LabelledField control={form.control} name="reason" label="Reason">
              {({ field }) => <Textarea rows={3} {...field} value={field.value ?? ""} />}
            </LabelledField>
            <SubmitButton pending={pending} className="justify-self-end">
              {tagg ? "Save Changes" : "Add Tagg"}
            </SubmitButton>
          </form>
        </Form>
      </DialogContent>
    </Dialog>
  );
}
