import { zodResolver } from "@hookform/resolvers/zod";
import { useEffect } from "react";
import { useForm } from "react-hook-form";
import { toast } from "sonner";
import { z } from "zod";
import { sectionPatchSchema, UI_SECTION_TYPES } from "#contract/api/admin-content.ts";
import type { Section } from "#contract/api/content.ts";
import { isBuiltInSection } from "#contract/help-sections.ts";
import { LabelledField } from "#web/components/labelled-field.tsx";
import { SubmitButton } from "#web/components/submit-button.tsx";
import { Dialog, DialogContent, DialogDescription, DialogTitle } from "#web/components/ui/dialog.tsx";
import { Form } from "#web/components/ui/form.tsx";
import { Input } from "#web/components/ui/input.tsx";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "#web/components/ui/select.tsx";
import { Textarea } from "#web/components/ui/textarea.tsx";
import { errorMessage } from "#web/lib/api-request.ts";
import { applyServerFieldErrors } from "#web/lib/form-errors.ts";
import { useSectionMutations } from "./use-section-mutations.ts";

const CODE_MESSAGE = "The code is a six-digit number";

/** The form's values are text; the code becomes a number when sent. */
const sectionFormSchema = z.object({
  sectionName: sectionPatchSchema.shape.sectionName,
  code: z
    .string()
    .trim()
    .regex(/^[1-9]\d{5}$/, { error: CODE_MESSAGE }),
  title: z.string().max(255),
  type: z.string(),
  route: z.string().max(255),
  tags: z.string().max(500),
  description: z.string().max(2000),
});
type SectionForm = z.infer<typeof sectionFormSchema>;

const formValues = (section: Section | null): SectionForm => ({
  sectionName: section?.sectionName ?? "",
  code: section ? String(section.code) : "",
  title: section?.title ?? "",
  type: section?.type ?? "",
  route: section?.route ?? "",
  tags: section?.tags ?? "",
  description: section?.description ?? "",
});

export type SectionDialogProps = { section: Section | null; onOpenChange: (open: boolean) => void };

/** Edit UI Section: the section name is required, the code unique; the rest is description. */
export function SectionDialog({ section, onOpenChange }: SectionDialogProps) {
  const { update } = useSectionMutations();
  const form = useForm({ resolver: zodResolver(sectionFormSchema), defaultValues: formValues(section) });
  const fixedName = section ? isBuiltInSection(section.sectionName) : false;
  const types: string[] = [...UI_SECTION_TYPES];
  if (section?.type && !types.includes(section.type)) types.push(section.type);

  useEffect(() => {
    if (section) form.reset(formValues(section));
  }, [section, form]);

  const onSubmit = form.handleSubmit((values) => {
    if (!section) return;
    update.mutate(
      { id: section.id, body: { ...values, code: Number(values.code) } },
      {
        onSuccess: (saved) => {
          toast.success("UI Section Updated", { description: `${saved.sectionName} is code ${saved.code}.` });
          onOpenChange(false);
        },
        onError: (error) => {
          applyServerFieldErrors(form, error);
          toast.error("Update Failed", { description: errorMessage(error, "Failed to update UI section") });
        },
      },
    );
  });

  return (
    <Dialog open={section !== null} onOpenChange={(next) => !update.isPending && onOpenChange(next)}>
      <DialogContent className="max-w-2xl">
        <DialogTitle>Edit UI Section</DialogTitle>
        <DialogDescription>
          The code is what members see on this section's help badge; each code belongs to one section.
        </DialogDescription>
        <Form {...form}>
          <form onSubmit={onSubmit} noValidate className="grid gap-4">
            <div className="grid gap-4 sm:grid-cols-[2fr_1fr]">
              <LabelledField
                control={form.control}
                name="sectionName"
                label="Section Name"
                description={
                  fixedName ? "Member pages find this section by its name, so it stays as it is." : undefined
                }
              >
                {({ field }) => <Input autoComplete="off" required readOnly={fixedName} {...field} />}
              </LabelledField>
              <LabelledField control={form.control} name="code" label="Code">
                {({ field }) => <Input inputMode="numeric" autoComplete="off" required {...field} />}
              </LabelledField>
            </div>
            <div className="grid gap-4 sm:grid-cols-2">
              <LabelledField control={form.control} name="title" label="Title">
                {({ field }) => <Input autoComplete="off" {...field} />}
              </LabelledField>
              <LabelledField control={form.control} name="type" label="Type">
                {({ field }) => (
                  <Select value={field.value || undefined} onValueChange={field.onChange}>
                    <SelectTrigger ref={field.ref} onBlur={field.onBlur}>
                      <SelectValue placeholder="Choose a type" />
                    </SelectTrigger>
                    <SelectContent>
                      {types.map((type) => (
                        <SelectItem key={type} value={type}>
                          {type}
                        </SelectItem>
                      ))}
                    </SelectContent>
                  </Select>
                )}
              </LabelledField>
            </div>
            <div className="grid gap-4 sm:grid-cols-2">
              <LabelledField control={form.control} name="route" label="Route">
                {({ field }) => <Input autoComplete="off" placeholder="/dashboard" {...field} />}
              </LabelledField>
              <LabelledField control={form.control} name="tags" label="Tags">
                {({ field }) => <Input autoComplete="off" placeholder="profile, links" {...field} />}
              </LabelledField>
            </div>
            <LabelledField control={form.control} name="description" label="Description">
              {({ field }) => <Textarea rows={3} {...field} />}
            </LabelledField>
            <SubmitButton pending={update.isPending} className="justify-self-end">
              Save Changes
            </SubmitButton>
          </form>
        </Form>
      </DialogContent>
    </Dialog>
  );
}
