import { CircleCheck } from "lucide-react";
import { useMemo } from "react";
import { usePopupSettings } from "#web/app/use-popup-settings.ts";
import { DraggableDialog } from "#web/components/draggable-dialog.tsx";
import { Badge } from "#web/components/ui/badge.tsx";
import { Button } from "#web/components/ui/button.tsx";
import { Spinner } from "#web/components/ui/spinner.tsx";
import { sanitizeHtml } from "#web/lib/sanitize-html.ts";
import { SAVED_IMAGES_DEFAULT_TEXT, savedImagesView } from "./saved-images.ts";

export type SavedImagesDialogProps = { open: boolean; onOpenChange: (open: boolean) => void };

/**
 * "Image Saved!" (spec 1 §2 popup 3), shown after a post image is downloaded. Draggable; the setting is
 * fetched only while it is open; the administrator's HTML is sanitised before it is rendered.
 */
export function SavedImagesDialog({ open, onOpenChange }: SavedImagesDialogProps) {
  const query = usePopupSettings("saved-images", open);
  const view = savedImagesView({ isPending: query.isPending, data: query.isError ? undefined : query.data });
  const html = useMemo(() => (view.kind === "html" ? sanitizeHtml(view.html) : ""), [view]);

  return (
    <DraggableDialog
      open={open}
      onOpenChange={onOpenChange}
      title="Image Saved!"
      description={SAVED_IMAGES_DEFAULT_TEXT}
      hideDescription
      className="max-w-md"
    >
      <div className="grid gap-4 p-5">
        <div className="flex items-start gap-3">
          <span className="flex size-10 shrink-0 items-center justify-center rounded-full bg-emerald-100 text-emerald-700">
            <CircleCheck className="size-5" aria-hidden="true" />
          </span>
          <div className="min-w-0 flex-1 pt-2 text-sm text-slate-700">
            {view.kind === "loading" ? (
              <p role="status" className="flex items-center gap-2">
                <Spinner className="size-4" />
                Loading...
              </p>
            ) : view.kind === "text" ? (
              <p>{view.text}</p>
            ) : (
              // Sanitised with the allow-list of lib/sanitize-html.ts just above.
              // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised administrator HTML
              <div className="rich-text" dangerouslySetInnerHTML={{ __html: html }} />
            )}
          </div>
        </div>
        <div className="flex items-center justify-between gap-3 border-t border-slate-100 pt-4">
          <span className="flex items-center gap-2 text-xs text-slate-500">
            saved images
            <Badge variant="neutral" className="font-mono">
              <span className="sr-only">Code </span>
              {view.code}
            </Badge>
          </span>
          <Button onClick={() => onOpenChange(false)}>OK</Button>
        </div>
      </div>
    </DraggableDialog>
  );
}
