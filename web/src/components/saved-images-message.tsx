import { CircleCheck } from "lucide-react";
import { useMemo } from "react";
import { Spinner } from "#web/components/ui/spinner.tsx";
import { sanitizeHtml } from "#web/lib/sanitize-html.ts";
import type { SavedImagesView } from "./saved-images.ts";

export type SavedImagesMessageProps = { view: SavedImagesView };

/**
 * The body of the "Image Saved!" dialog: the member's dialog and the admin panel's preview draw the same
 * thing, so the preview is what the member will see. The administrator's HTML is sanitised here.
 */
export function SavedImagesMessage({ view }: SavedImagesMessageProps) {
  const html = useMemo(() => (view.kind === "html" ? sanitizeHtml(view.html) : ""), [view]);
  return (
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
  );
}
