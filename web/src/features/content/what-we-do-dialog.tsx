import { WHAT_WE_DO_FALLBACK_TEXT } from "#contract/content-defaults.ts";
import { Button } from "#web/components/ui/button.tsx";
import { Dialog, DialogContent, DialogDescription, DialogTitle } from "#web/components/ui/dialog.tsx";
import { Skeleton } from "#web/components/ui/skeleton.tsx";
import { useRestoreFocus } from "#web/lib/use-restore-focus.ts";
import { useWhatWeDo } from "./use-what-we-do.ts";

export type WhatWeDoDialogProps = { open: boolean; onOpenChange: (open: boolean) => void };

/** "What We Do": the administrator's text, shown as plain text; a default welcome if it cannot load. */
export function WhatWeDoDialog({ open, onOpenChange }: WhatWeDoDialogProps) {
  const query = useWhatWeDo(open);
  const restoreFocus = useRestoreFocus();
  const text = query.isError
    ? WHAT_WE_DO_FALLBACK_TEXT
    : query.data?.content.trim() || WHAT_WE_DO_FALLBACK_TEXT;

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-xl" {...restoreFocus}>
        <DialogTitle>What We Do</DialogTitle>
        <DialogDescription className="sr-only">What Tagit is for and how it works.</DialogDescription>
        {query.isPending ? (
          <div role="status" className="grid gap-2">
            <span className="sr-only">Loading...</span>
            <Skeleton className="h-4 w-full" />
            <Skeleton className="h-4 w-11/12" />
            <Skeleton className="h-4 w-3/4" />
          </div>
        ) : (
          <p className="text-sm leading-relaxed whitespace-pre-wrap text-slate-700">{text}</p>
        )}
        <div className="flex justify-end">
          <Button onClick={() => onOpenChange(false)}>Close</Button>
        </div>
      </DialogContent>
    </Dialog>
  );
}
