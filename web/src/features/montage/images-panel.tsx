import { ImagePlus, Images, RefreshCw, Trash2, UserRound, X } from "lucide-react";
import { type ChangeEvent, useId, useRef } from "react";
import { Button } from "#web/components/ui/button.tsx";
import { cn } from "#web/lib/cn.ts";
import { MAX_UNIQUE_IMAGES } from "./montage-constants.ts";
import type { MontageDocument } from "./montage-document.ts";
import { coverageNote } from "./montage-rules.ts";
import { PanelSection } from "./panel-section.tsx";

export type ImagesPanelProps = {
  doc: MontageDocument;
  onProfileFile: (file: File) => void;
  onRemoveProfile: () => void;
  onFiles: (files: File[]) => void;
  onRemoveSource: (id: string) => void;
  onPickPosts: () => void;
  onClearAll: () => void;
};

const filesOf = (event: ChangeEvent<HTMLInputElement>) => {
  const files = Array.from(event.target.files ?? []);
  event.target.value = "";
  return files;
};

/** The profile picture, the unique images (n/10) with their note, and Clear All: the editor's left panel. */
export function ImagesPanel(props: ImagesPanelProps) {
  const { doc } = props;
  const profileInput = useRef<HTMLInputElement>(null);
  const imagesInput = useRef<HTMLInputElement>(null);
  const countId = useId();
  const full = doc.sources.length >= MAX_UNIQUE_IMAGES;
  const note = coverageNote(doc.sources.length, doc.images.length);

  return (
    <>
      <PanelSection title="Profile Picture" icon={UserRound}>
        <input
          ref={profileInput}
          type="file"
          accept="image/*"
          className="sr-only"
          tabIndex={-1}
          aria-label="Profile picture file"
          onChange={(event) => {
            const [file] = filesOf(event);
            if (file) props.onProfileFile(file);
          }}
        />
        {doc.profile ? (
          <div className="flex items-center gap-3">
            <img
              src={doc.profile.url}
              alt="Your profile"
              className="size-14 rounded-full object-cover ring-2 ring-brand-200"
            />
            <div className="flex flex-wrap gap-2">
              <Button variant="outline" size="sm" onClick={() => profileInput.current?.click()}>
                <RefreshCw aria-hidden="true" />
                Replace
              </Button>
              <Button
                variant="ghost"
                size="sm"
                onClick={props.onRemoveProfile}
                aria-label="Remove profile picture"
              >
                <X aria-hidden="true" />
                Remove
              </Button>
            </div>
          </div>
        ) : (
          <Button variant="outline" className="w-full" onClick={() => profileInput.current?.click()}>
            <UserRound aria-hidden="true" />
            Upload Profile Picture
          </Button>
        )}
      </PanelSection>

      <PanelSection
        title="Unique Images"
        icon={Images}
        aside={
          <span
            id={countId}
            className="rounded-full bg-slate-100 px-2 py-0.5 text-xs font-semibold text-slate-700 tabular-nums"
          >
            {doc.sources.length}/{MAX_UNIQUE_IMAGES}
          </span>
        }
      >
        <input
          ref={imagesInput}
          type="file"
          accept="image/*"
          multiple
          className="sr-only"
          tabIndex={-1}
          aria-label="Unique image files"
          onChange={(event) => props.onFiles(filesOf(event))}
        />
        <div className="grid grid-cols-2 gap-2">
          <Button onClick={() => imagesInput.current?.click()} disabled={full} aria-describedby={countId}>
            <ImagePlus aria-hidden="true" />
            Upload Images
          </Button>
          <Button variant="outline" onClick={props.onPickPosts} disabled={full}>
            <Images aria-hidden="true" />
            From My Posts
          </Button>
        </div>
        <p
          role="status"
          className={cn(
            "rounded-lg px-3 py-2 text-sm font-medium",
            note.tone === "ready" ? "bg-emerald-50 text-emerald-800" : "bg-orange-50 text-orange-800",
          )}
        >
          {note.text}
        </p>
        {doc.sources.length > 0 ? (
          <ul className="grid grid-cols-5 gap-2" aria-label="Unique images">
            {doc.sources.map((source, index) => (
              <li key={source.id} className="group relative">
                <img
                  src={source.url}
                  alt={source.label}
                  className="aspect-square w-full rounded-lg object-cover ring-1 ring-slate-200"
                />
                <button
                  type="button"
                  onClick={() => props.onRemoveSource(source.id)}
                  aria-label={`Remove unique image ${index + 1}`}
                  className="absolute -top-1.5 -right-1.5 grid size-6 place-items-center rounded-full bg-white text-slate-700 shadow ring-1 ring-slate-300 hover:bg-red-50 hover:text-red-700 focus-visible:outline-2 focus-visible:outline-brand-600"
                >
                  <X className="size-3.5" aria-hidden="true" />
                </button>
              </li>
            ))}
          </ul>
        ) : null}
        <Button
          variant="ghost"
          className="w-full text-red-700 hover:bg-red-50 hover:text-red-800"
          onClick={props.onClearAll}
          disabled={!doc.profile && doc.sources.length === 0}
        >
          <Trash2 aria-hidden="true" />
          Clear All
        </Button>
      </PanelSection>
    </>
  );
}
