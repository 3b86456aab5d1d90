import { SAVED_IMAGES_FALLBACK_TEXT } from "#contract/content-defaults.ts";
import { DraggableDialog } from "#web/components/draggable-dialog.tsx";
import { savedImagesView } from "#web/components/saved-images.ts";
import { SavedImagesMessage } from "#web/components/saved-images-message.tsx";
import { Badge } from "#web/components/ui/badge.tsx";
import { Button } from "#web/components/ui/button.tsx";
import { usePopupSettings } from "#web/features/content/index.ts";

export type SavedImagesDialogProps = { open: boolean; onOpenChange: (open: boolean) => void };

/**
 * "Image Saved!", shown after a post image is downloaded. Draggable; the setting is
 * fetched only while it is open; the administrator's HTML is sanitised before it is rendered.
 */
export function SavedImagesDialog({ open, onOpenChange }: SavedImagesDialogProps) {
  const query = usePopupSettings("saved-images", open);
  const view = savedImagesView({ isPending: query.isPending, data: query.isError ? undefined : query.data });

  return (
    <DraggableDialog
      open={open}
      onOpenChange={onOpenChange}
      title="Image Saved!"
      description={SAVED_IMAGES_FALLBACK_TEXT}
      hideDescription
      className="max-w-md"
    >
      <div className="grid gap-4 p-5">
        <SavedImagesMessage view={view} />
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
