import { zodResolver } from "@hookform/resolvers/zod";
import { useMutation, useQuery } from "@tanstack/react-query";
import { Pencil } from "lucide-react";
import { useEffect, useState } from "react";
import { useForm } from "react-hook-form";
import { toast } from "sonner";
import { whatWeDoBodySchema } from "#contract/api/admin-content.ts";
import { LabelledField } from "#web/components/labelled-field.tsx";
import { ListSkeleton } from "#web/components/loading-placeholders.tsx";
import { QueryState } from "#web/components/query-state.tsx";
import { SubmitButton } from "#web/components/submit-button.tsx";
import { Button } from "#web/components/ui/button.tsx";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "#web/components/ui/card.tsx";
import { Dialog, DialogContent, DialogDescription, DialogTitle } from "#web/components/ui/dialog.tsx";
import { Form } from "#web/components/ui/form.tsx";
import { Textarea } from "#web/components/ui/textarea.tsx";
import { applyServerFieldErrors } from "#web/lib/form-errors.ts";
import { adminQuery } from "../admin-query.ts";
import { adminRequest } from "../admin-request.ts";
import type { AdminSectionProps } from "../admin-section-props.ts";
import { ADMIN_URLS } from "../admin-urls.ts";
import { useContentRefresh } from "../use-content-refresh.ts";

type WhatWeDo = { content: string };

function useWhatWeDoAdmin() {
  const refresh = useContentRefresh();
  return {
    current: useQuery(adminQuery(ADMIN_URLS.whatWeDo)),
    save: useMutation({
      mutationFn: (body: WhatWeDo) => adminRequest("POST", ADMIN_URLS.whatWeDo, body),
      onSuccess: () => refresh(ADMIN_URLS.whatWeDo),
    }),
  };
}

/** What We Do: the text members read in the What We Do dialog, and its editor dialog. Plain text. */
export function WhatWeDoSection(_props: AdminSectionProps) {
  const { current } = useWhatWeDoAdmin();
  const [editing, setEditing] = useState(false);
  return (
    <Card>
      <CardHeader className="flex flex-wrap items-start justify-between gap-3">
        <div className="grid gap-1">
          <CardTitle>What members read</CardTitle>
          <CardDescription>The text of the What We Do dialog, shown as plain text.</CardDescription>
        </div>
        <Button variant="outline" onClick={() => setEditing(true)} disabled={!current.data}>
          <Pencil aria-hidden="true" />
          Edit What We Do
        </Button>
      </CardHeader>
      <CardContent>
        <QueryState
          query={current}
          loading={<ListSkeleton label="Loading What We Do..." rows={4} />}
          error="Failed to load What We Do"
        >
          {(data) => (
            <>
              <p className="text-sm leading-relaxed whitespace-pre-wrap text-slate-700">{data.content}</p>
              <WhatWeDoDialog open={editing} onOpenChange={setEditing} content={data.content} />
            </>
          )}
        </QueryState>
      </CardContent>
    </Card>
  );
}

function WhatWeDoDialog({
  open,
  onOpenChange,
  content,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  content: string;
}) {
  const { save } = useWhatWeDoAdmin();
  const form = useForm({ resolver: zodResolver(whatWeDoBodySchema), defaultValues: { content } });
  useEffect(() => {
    if (open) form.reset({ content });
  }, [open, content, form]);

  const onSubmit = form.handleSubmit((body) =>
    save.mutate(body, {
      onSuccess: () => {
        toast.success("What We Do Updated", { description: "Members see the new text now." });
        onOpenChange(false);
      },
      onError: (error) => {
        applyServerFieldErrors(form, error);
        toast.error("Error", { description: "Failed to update What We Do content" });
      },
    }),
  );

  return (
    <Dialog open={open} onOpenChange={(next) => !save.isPending && onOpenChange(next)}>
      <DialogContent className="max-w-2xl">
        <DialogTitle>Edit What We Do</DialogTitle>
        <DialogDescription>Plain text; blank lines separate paragraphs.</DialogDescription>
        <Form {...form}>
          <form onSubmit={onSubmit} noValidate className="grid gap-4">
            <LabelledField control={form.control} name="content" label="Content">
              {({ field }) => <Textarea rows={14} required {...field} />}
            </LabelledField>
            <SubmitButton pending={save.isPending} className="justify-self-end">
              Save
            </SubmitButton>
          </form>
        </Form>
      </DialogContent>
    </Dialog>
  );
}
