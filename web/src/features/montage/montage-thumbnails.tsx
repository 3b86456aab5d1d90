import { type KeyboardEvent, useRef } from "react";
import { cn } from "#web/lib/cn.ts";
import { canvasImageName, type MontageDocument, PROFILE_ID } from "./montage-document.ts";

export type MontageThumbnailsProps = {
  doc: MontageDocument;
  selectedId: string | null;
  onSelect: (id: string) => void;
};

const STEPS: Record<string, (index: number, count: number) => number> = {
  ArrowLeft: (index) => Math.max(0, index - 1),
  ArrowRight: (index, count) => Math.min(count - 1, index + 1),
  Home: () => 0,
  End: (_, count) => count - 1,
};

/**
 * Every image on the canvas, to select one: the profile marked P, the others with the number of the unique
 * image they show (its copies share it; their names say which copy). One tab stop; the
 * arrow keys (and Home, End) move through them and select as they go.
 */
export function MontageThumbnails({ doc, selectedId, onSelect }: MontageThumbnailsProps) {
  const listRef = useRef<HTMLDivElement>(null);
  const urlOf = new Map(doc.sources.map((source) => [source.id, source.url]));
  const entries = [
    ...(doc.profile ? [{ id: PROFILE_ID, url: doc.profile.url, mark: "P", name: "P, profile image" }] : []),
    ...doc.images.map((image) => ({
      id: image.id,
      url: urlOf.get(image.sourceId) ?? "",
      ...(canvasImageName(doc, image.id) ?? { mark: "", name: "" }),
    })),
  ];
  if (entries.length === 0) return null;
  const focusIndex = Math.max(
    0,
    entries.findIndex((entry) => entry.id === selectedId),
  );

  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>, index: number) => {
    const step = STEPS[event.key];
    if (!step) return;
    event.preventDefault();
    const next = step(index, entries.length);
    const entry = entries[next];
    if (!entry) return;
    onSelect(entry.id);
    listRef.current?.querySelectorAll<HTMLButtonElement>("button")[next]?.focus();
  };

  return (
    <div
      ref={listRef}
      role="toolbar"
      aria-label="Canvas images"
      className="flex gap-2 overflow-x-auto px-1 pt-1 pb-2 [scrollbar-width:thin]"
    >
      {entries.map((entry, index) => {
        const selected = entry.id === selectedId;
        return (
          <button
            key={entry.id}
            type="button"
            aria-label={entry.name}
            aria-pressed={selected}
            tabIndex={index === focusIndex ? 0 : -1}
            onClick={() => onSelect(entry.id)}
            onKeyDown={(event) => onKeyDown(event, index)}
            className={cn(
              "relative size-12 shrink-0 overflow-hidden rounded-lg ring-1 ring-slate-200 transition focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600",
              selected && "ring-3 ring-brand-500",
            )}
          >
            <img src={entry.url} alt="" className="size-full object-cover" loading="lazy" />
            <span className="absolute right-0 bottom-0 min-w-5 rounded-tl-md bg-slate-900/80 px-1 text-center text-[11px] font-semibold text-white">
              {entry.mark}
            </span>
          </button>
        );
      })}
    </div>
  );
}
