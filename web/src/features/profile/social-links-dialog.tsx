import { zodResolver } from "@hookform/resolvers/zod";
import { Plus, Trash2 } from "lucide-react";
import { useFieldArray, useForm } from "react-hook-form";
import { toast } from "sonner";
import { SOCIAL_PLATFORMS, type SocialLinks } from "#contract/api/social-links.ts";
import { MAX_SHORTCUTS, SHORTCUT_LABEL_MAX_LENGTH } from "#contract/limits.ts";
import { LabelledField } from "#web/components/labelled-field.tsx";
import { SubmitButton } from "#web/components/submit-button.tsx";
import { Button } from "#web/components/ui/button.tsx";
import { Dialog, DialogContent, DialogDescription, DialogTitle } from "#web/components/ui/dialog.tsx";
import { Form, FormControl, FormField, FormItem, FormLabel, FormMessage } from "#web/components/ui/form.tsx";
import { Input } from "#web/components/ui/input.tsx";
import { errorMessage } from "#web/lib/api-request.ts";
import { cn } from "#web/lib/cn.ts";
import { applyServerFieldErrors } from "#web/lib/form-errors.ts";
import { useRestoreFocus } from "#web/lib/use-restore-focus.ts";
import {
  canAddShortcut,
  type SocialLinksFormValues,
  socialLinksFormSchema,
  toSocialLinksBody,
  toSocialLinksForm,
} from "./social-links-form.ts";
import { PLATFORM_INFO, SHORTCUT_ICON } from "./social-platforms.ts";
import { useSaveSocialLinks } from "./use-social-links.ts";

export type SocialLinksDialogProps = {
  links: SocialLinks | undefined;
  open: boolean;
  onOpenChange: (open: boolean) => void;
};

/** Manage social links: the 8 platforms (each optional) and up to 12 shortcuts {label, url}. */
export function SocialLinksDialog({ links, open, onOpenChange }: SocialLinksDialogProps) {
  const restoreFocus = useRestoreFocus();
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="flex max-w-2xl flex-col gap-0 overflow-hidden p-0" {...restoreFocus}>
        <div className="shrink-0 border-b border-slate-100 px-6 pt-6 pb-4">
          <DialogTitle>Manage Social Links</DialogTitle>
          <DialogDescription>
            Links shown on your profile. Only web addresses starting with http:// or https:// are accepted.
          </DialogDescription>
        </div>
        {open ? <SocialLinksForm links={links} onDone={() => onOpenChange(false)} /> : null}
      </DialogContent>
    </Dialog>
  );
}

function SocialLinksForm({ links, onDone }: { links: SocialLinks | undefined; onDone: () => void }) {
  const save = useSaveSocialLinks();
  const form = useForm<SocialLinksFormValues>({
    resolver: zodResolver(socialLinksFormSchema),
    defaultValues: toSocialLinksForm(links),
  });
  const shortcuts = useFieldArray({ control: form.control, name: "shortcuts" });
  const labels = form.watch("shortcuts");
  const canAdd = canAddShortcut(shortcuts.fields.length);

  const onSubmit = form.handleSubmit((values) =>
    save.mutate(toSocialLinksBody(values), {
      onSuccess: () => {
        toast.success("Social Links Updated", { description: "Your links have been saved." });
        onDone();
      },
      onError: (error) => {
        applyServerFieldErrors(form, error);
        toast.error("Failed to update social links", {
          description: errorMessage(error, "Failed to update social links"),
        });
      },
    }),
  );

  return (
    <Form {...form}>
      <form onSubmit={onSubmit} noValidate className="flex min-h-0 flex-1 flex-col">
        <div className="grid min-h-0 flex-1 gap-6 overflow-y-auto px-6 py-5">
          <fieldset className="grid gap-3">
            <legend className="mb-2 text-sm font-semibold text-slate-900">Platforms</legend>
            <div className="grid gap-3 sm:grid-cols-2">
              {SOCIAL_PLATFORMS.map((platform) => {
                const { label, icon: Icon, example } = PLATFORM_INFO[platform];
                return (
                  <LabelledField
                    key={platform}
                    control={form.control}
                    name={`platforms.${platform}`}
                    label={
                      <>
                        <Icon className="size-4 text-slate-500" aria-hidden="true" />
                        {label}
                      </>
                    }
                    labelClassName="flex items-center gap-2"
                  >
                    {({ field }) => (
                      <Input type="url" inputMode="url" autoComplete="url" placeholder={example} {...field} />
                    )}
                  </LabelledField>
                );
              })}
            </div>
          </fieldset>

          <fieldset className="grid gap-3">
            <legend className="mb-2 flex w-full items-center justify-between gap-2 text-sm font-semibold text-slate-900">
              Shortcuts
            </legend>
            <p className="-mt-2 text-sm text-slate-600">
              Any other page you want to share, with a short label ({shortcuts.fields.length}/{MAX_SHORTCUTS}
              ).
            </p>
            {shortcuts.fields.length === 0 ? (
              <p className="rounded-xl border border-dashed border-slate-300 px-4 py-5 text-center text-sm text-slate-600">
                No shortcuts yet.
              </p>
            ) : (
              <ol className="grid gap-3">
                {shortcuts.fields.map((row, index) => {
                  const length = labels[index]?.label.length ?? 0;
                  return (
                    <li
                      key={row.id}
                      className="grid gap-3 rounded-xl border border-slate-200 p-3 sm:grid-cols-[minmax(0,2fr)_minmax(0,3fr)_auto] sm:items-start"
                    >
                      <FormField
                        control={form.control}
                        name={`shortcuts.${index}.label`}
                        render={({ field }) => (
                          <FormItem>
                            <div className="flex items-center justify-between">
                              <FormLabel>Label {index + 1}</FormLabel>
                              <span
                                className={cn(
                                  "text-xs tabular-nums",
                                  length > SHORTCUT_LABEL_MAX_LENGTH ? "text-red-700" : "text-slate-500",
                                )}
                              >
                                {length}/{SHORTCUT_LABEL_MAX_LENGTH}
                              </span>
                            </div>
                            <FormControl>
                              <Input maxLength={SHORTCUT_LABEL_MAX_LENGTH} placeholder="My shop" {...field} />
                            </FormControl>
                            <FormMessage />
                          </FormItem>
                        )}
                      />
                      <LabelledField
                        control={form.control}
                        name={`shortcuts.${index}.url`}
                        label={
                          <>
                            <SHORTCUT_ICON className="size-4 text-slate-500" aria-hidden="true" />
                            Address {index + 1}
                          </>
                        }
                        labelClassName="flex items-center gap-2"
                      >
                        {({ field }) => (
                          <Input type="url" inputMode="url" placeholder="https://" {...field} />
                        )}
                      </LabelledField>
                      <Button
                        variant="ghost"
                        size="icon"
                        className="justify-self-end text-red-700 hover:bg-red-50 sm:mt-6"
                        aria-label={`Remove shortcut ${index + 1}`}
                        onClick={() => shortcuts.remove(index)}
                      >
                        <Trash2 aria-hidden="true" />
                      </Button>
                    </li>
                  );
                })}
              </ol>
            )}
            <div className="flex flex-wrap items-center gap-3">
              <Button
                variant="outline"
                size="sm"
                disabled={!canAdd}
                onClick={() => shortcuts.append({ label: "", url: "" })}
              >
                <Plus aria-hidden="true" />
                Add Shortcut
              </Button>
              {canAdd ? null : (
                <span className="text-sm text-slate-600">
                  You have reached the limit of {MAX_SHORTCUTS} shortcuts.
                </span>
              )}
            </div>
          </fieldset>
        </div>

        <div className="flex shrink-0 justify-end gap-2 border-t border-slate-100 bg-white px-6 py-4">
          <Button variant="outline" onClick={onDone} disabled={save.isPending}>
            Cancel
          </Button>
          <SubmitButton pending={save.isPending}>Save Links</SubmitButton>
        </div>
      </form>
    </Form>
  );
}
