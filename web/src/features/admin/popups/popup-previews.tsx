import type { Popup } from "#contract/api/content.ts";
import { DEFAULT_HIDE_SEARCHES_CONTENT } from "#contract/content-defaults.ts";
import type { PopupName } from "#contract/popups.ts";
import { savedImagesView } from "#web/components/saved-images.ts";
import { SavedImagesMessage } from "#web/components/saved-images-message.tsx";
import { Badge } from "#web/components/ui/badge.tsx";

/** The member's popup shows these (its text while the content is empty, and its code): the preview does too. */
const HIDE_SEARCHES_CODE = 130;

export type PopupPreviewProps = { name: PopupName; values: Popup };

/** The popup as the member will see it with these values (or what they see instead while it is off). */
export function PopupPreview({ name, values }: PopupPreviewProps) {
  if (name === "saved-images") {
    const view = savedImagesView({ isPending: false, data: values });
    return (
      <div className="grid gap-3">
        <p className="font-semibold text-slate-900">Image Saved!</p>
        <SavedImagesMessage view={view} />
        <p className="flex items-center gap-2 text-xs text-slate-500">
          saved images
          <Badge variant="neutral" className="font-mono">
            <span className="sr-only">Code </span>
            {view.code}
          </Badge>
        </p>
      </div>
    );
  }
  if (!values.isEnabled) {
    return (
      <p className="text-sm text-slate-600">
        {name === "greetings"
          ? "Off: members are not greeted."
          : "Off: choosing Hide applies at once, without this popup."}
      </p>
    );
  }
  if (name === "greetings") {
    return (
      <div className="grid gap-1">
        <p className="text-lg font-semibold text-slate-900">Welcome</p>
        <p className="text-sm leading-relaxed whitespace-pre-wrap text-slate-600">{values.content.trim()}</p>
      </div>
    );
  }
  return (
    <div className="grid gap-1">
      <p className="flex items-center gap-2 font-semibold text-slate-900">
        How to Hide My Searches
        <Badge variant="neutral">
          <span className="sr-only">Code </span>
          {HIDE_SEARCHES_CODE}
        </Badge>
      </p>
      <p className="text-sm whitespace-pre-wrap text-slate-600">
        {values.content.trim() || DEFAULT_HIDE_SEARCHES_CONTENT}
      </p>
    </div>
  );
}
