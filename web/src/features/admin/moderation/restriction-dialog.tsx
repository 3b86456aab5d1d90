import { zodResolver } from "@hookform/resolvers/zod";
import { type ReactNode, useEffect } from "react";
import { useForm, useWatch } from "react-hook-form";
import { Link } from "react-router";
import { MODERATION_LIMITS, type RestrictionBody, restrictionBodySchema } from "#contract/api/moderation.ts";
import { LabelledField } from "#web/components/labelled-field.tsx";
import { LoadingStatus } from "#web/components/loading-placeholders.tsx";
import { QueryState } from "#web/components/query-state.tsx";
import {
  AlertDialog,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogTitle,
} from "#web/components/ui/alert-dialog.tsx";
import { Button } from "#web/components/ui/button.tsx";
import {
  Form,
  FormControl,
  FormDescription,
  FormField,
  FormItem,
  FormLabel,
  FormMessage,
} from "#web/components/ui/form.tsx";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "#web/components/ui/select.tsx";
import { Skeleton } from "#web/components/ui/skeleton.tsx";
import { Spinner } from "#web/components/ui/spinner.tsx";
import { Textarea } from "#web/components/ui/textarea.tsx";
import { fieldErrors } from "#web/lib/api-request.ts";
import { applyServerFieldErrors } from "#web/lib/form-errors.ts";
import { useRestoreFocus } from "#web/lib/use-restore-focus.ts";
import { REASONS_TAB_LINK } from "./moderation-links.ts";
import { useModerationReasons } from "./use-moderation-reasons.ts";

export type RestrictionDialogProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** "Delete Post", "Hide Post", "Delete Tagg", "Hide Tagg". */
  title: string;
  /** What the action does, to whom. */
  description: ReactNode;
  confirmLabel: string;
  destructive?: boolean;
  /** While true the dialog stays open and its buttons are disabled. */
  pending?: boolean;
  /**
   * Takes the action with the statement of reasons; the caller closes the dialog when it succeeds. A refusal
   * that names a field (`fields.reasonId`, `fields.reasonText`) is shown on that field.
   */
  onConfirm: (body: RestrictionBody) => Promise<unknown>;
};

const EMPTY = { reasonId: "", reasonText: "" };

/**
 * The statement of reasons every restricting action asks for: one of the panel's reasons (its rule shown once
 * chosen) and optional words for the member. Nothing is sent without a reason.
 */
export function RestrictionDialog({
  open,
  onOpenChange,
  title,
  description,
  confirmLabel,
  destructive = false,
  pending = false,
  onConfirm,
}: RestrictionDialogProps) {
  const restoreFocus = useRestoreFocus();
  const reasons = useModerationReasons({ enabled: open });
  const form = useForm({ resolver: zodResolver(restrictionBodySchema), defaultValues: EMPTY });
  const [reasonId, reasonText] = useWatch({ control: form.control, name: ["reasonId", "reasonText"] });
  const chosen = reasons.data?.find((reason) => reason.id === reasonId);

  useEffect(() => {
    if (open) form.reset(EMPTY);
  }, [open, form]);

  const submit = form.handleSubmit(async (body) => {
    try {
      await onConfirm(body);
    } catch (error) {
      applyServerFieldErrors(form, error);
      // A reason deleted in another tab: show the list as it is now.
      if (fieldErrors(error).reasonId) void reasons.refetch();
    }
  });
  const noReasons = reasons.data?.length === 0;

  return (
    <AlertDialog open={open} onOpenChange={(next) => (pending ? undefined : onOpenChange(next))}>
      <AlertDialogContent {...restoreFocus} className="max-w-lg">
        <AlertDialogTitle>{title}</AlertDialogTitle>
        <AlertDialogDescription asChild>
          <div>{description}</div>
        </AlertDialogDescription>
        <Form {...form}>
          <form onSubmit={submit} noValidate className="grid gap-4">
            <QueryState
              query={reasons}
              loading={
                <LoadingStatus label="Loading reasons...">
                  <Skeleton className="h-16 w-full" />
                </LoadingStatus>
              }
              error="Failed to load the reasons"
              empty={
                <p className="text-sm text-slate-700">
                  There are no reasons to choose from yet.{" "}
                  <Link to={REASONS_TAB_LINK} className="font-medium text-brand-700 underline">
                    Add reasons under Reported Posts
                  </Link>{" "}
                  first.
                </p>
              }
            >
              {(list) => (
                <FormField
                  control={form.control}
                  name="reasonId"
                  render={({ field }) => (
                    <FormItem>
                      <FormLabel>Reason</FormLabel>
                      <Select value={field.value} onValueChange={field.onChange} disabled={pending}>
                        <FormControl>
                          <SelectTrigger ref={field.ref} onBlur={field.onBlur}>
                            <SelectValue placeholder="Choose the reason" />
                          </SelectTrigger>
                        </FormControl>
                        <SelectContent>
                          {list.map((reason) => (
                            <SelectItem key={reason.id} value={reason.id}>
                              {reason.label}
                            </SelectItem>
                          ))}
                        </SelectContent>
                      </Select>
                      {chosen ? <FormDescription>Rule: {chosen.rule}</FormDescription> : null}
                      <FormMessage />
                    </FormItem>
                  )}
                />
              )}
            </QueryState>
            <LabelledField
              control={form.control}
              name="reasonText"
              label="Explain (shown to the member)"
              description={`Optional. ${reasonText?.length ?? 0}/${MODERATION_LIMITS.reasonText} characters.`}
            >
              {({ field }) => (
                <Textarea
                  rows={3}
                  maxLength={MODERATION_LIMITS.reasonText}
                  {...field}
                  disabled={pending}
                  value={field.value ?? ""}
                />
              )}
            </LabelledField>
            <AlertDialogFooter>
              <AlertDialogCancel asChild>
                <Button variant="outline" disabled={pending}>
                  Cancel
                </Button>
              </AlertDialogCancel>
              <Button
                type="submit"
                variant={destructive ? "destructive" : "primary"}
                disabled={pending || noReasons || !reasons.data}
              >
                {pending ? <Spinner className="text-white" /> : null}
                {confirmLabel}
              </Button>
            </AlertDialogFooter>
          </form>
        </Form>
      </AlertDialogContent>
    </AlertDialog>
  );
}
