import type Konva from "konva/lib/Core";
import { Download, Redo2, Shuffle, Undo2 } from "lucide-react";
import { type KeyboardEvent, useId, useRef, useState } from "react";
import { toast } from "sonner";
import type { Profile } from "#contract/api/profile.ts";
import { Button } from "#web/components/ui/button.tsx";
import { SavedImagesDialog } from "#web/features/posts/index.ts";
import { exportMontage } from "./export-montage.ts";
import { HowToList } from "./how-to-list.tsx";
import { ImageControlsPanel } from "./image-controls-panel.tsx";
import { ImagesPanel } from "./images-panel.tsx";
import { MontageCanvas } from "./montage-canvas.tsx";
import { MAX_UNIQUE_IMAGES, MONTAGE_MESSAGES } from "./montage-constants.ts";
import { randomSeed } from "./montage-layout.ts";
import { canDownload } from "./montage-rules.ts";
import { MontageThumbnails } from "./montage-thumbnails.tsx";
import { PostPickerDialog } from "./post-picker-dialog.tsx";
import { TextSettingsPanel } from "./text-settings-panel.tsx";
import { useMontageEditor } from "./use-montage-editor.ts";
import { usePreparedImages } from "./use-prepared-images.ts";
import { useSiteDomain } from "./use-site-domain.ts";

export type MontageEditorProps = { profile: Profile };

const isTextField = (target: EventTarget) =>
  target instanceof HTMLElement &&
  (target.isContentEditable || /^(INPUT|TEXTAREA|SELECT)$/.test(target.tagName));

/** The montage maker: pictures and settings on the left, the canvas and Download on the right. */
export function MontageEditor({ profile }: MontageEditorProps) {
  const editor = useMontageEditor();
  const { state, dispatch } = editor;
  const doc = state.present;
  const domain = useSiteDomain();
  const pictures = usePreparedImages([
    ...(doc.profile ? [doc.profile.url] : []),
    ...doc.sources.map((source) => source.url),
  ]);
  const layerRef = useRef<Konva.Layer>(null);
  const [pickerOpen, setPickerOpen] = useState(false);
  const [savedOpen, setSavedOpen] = useState(false);
  const [exporting, setExporting] = useState(false);
  const keysHelpId = useId();
  const name = `${profile.firstName} ${profile.lastName}`.trim();
  const downloadable = canDownload(doc.profile !== null, doc.sources.length);

  const download = async () => {
    const layer = layerRef.current;
    if (!layer) return;
    setExporting(true);
    try {
      await exportMontage(layer);
      toast.success(MONTAGE_MESSAGES.downloaded.title, {
        description: MONTAGE_MESSAGES.downloaded.description,
      });
      setSavedOpen(true);
    } catch {
      toast.error(MONTAGE_MESSAGES.exportFailed.title, {
        description: MONTAGE_MESSAGES.exportFailed.description,
      });
    } finally {
      setExporting(false);
    }
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (!(event.ctrlKey || event.metaKey) || isTextField(event.target)) return;
    const key = event.key.toLowerCase();
    if (key === "z" || key === "y") {
      event.preventDefault();
      dispatch({ type: key === "y" || event.shiftKey ? "redo" : "undo" });
    }
  };

  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: catches the undo and redo shortcuts of the whole editor
    <div
      className="grid grid-cols-1 items-start gap-6 lg:grid-cols-[22rem_minmax(0,1fr)]"
      onKeyDown={onKeyDown}
    >
      <aside
        aria-label="Montage settings"
        className="overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm"
      >
        <ImagesPanel
          doc={doc}
          onProfileFile={editor.setProfileFile}
          onRemoveProfile={() => dispatch({ type: "removeProfile" })}
          onFiles={editor.addFiles}
          onRemoveSource={(id) => dispatch({ type: "removeSource", id })}
          onPickPosts={() => setPickerOpen(true)}
          onClearAll={() => dispatch({ type: "clearAll" })}
        />
        <TextSettingsPanel text={doc.text} onChange={(text) => dispatch({ type: "setText", text })} />
        <ImageControlsPanel doc={doc} selectedId={state.selectedId} dispatch={dispatch} />
      </aside>

      <section
        aria-label="Montage"
        className="grid min-w-0 grid-cols-1 gap-4 rounded-2xl border border-slate-200 bg-white p-3 shadow-sm sm:p-5"
      >
        <div className="flex flex-wrap items-center gap-2">
          <Button
            variant="outline"
            size="sm"
            onClick={() => dispatch({ type: "undo" })}
            disabled={state.past.length === 0}
          >
            <Undo2 aria-hidden="true" />
            Undo
          </Button>
          <Button
            variant="outline"
            size="sm"
            onClick={() => dispatch({ type: "redo" })}
            disabled={state.future.length === 0}
          >
            <Redo2 aria-hidden="true" />
            Redo
          </Button>
          <Button
            variant="outline"
            size="sm"
            onClick={() => dispatch({ type: "shuffle", seed: randomSeed() })}
            disabled={doc.sources.length === 0}
          >
            <Shuffle aria-hidden="true" />
            Shuffle
          </Button>
          <Button className="ml-auto" onClick={() => void download()} disabled={!downloadable || exporting}>
            <Download aria-hidden="true" />
            {exporting ? "Preparing..." : "Download"}
          </Button>
        </div>

        <div className="relative">
          <MontageCanvas
            doc={doc}
            selectedId={state.selectedId}
            pictures={pictures}
            name={name}
            domain={domain}
            dispatch={dispatch}
            layerRef={layerRef}
            describedBy={keysHelpId}
          />
          {doc.images.length === 0 && !doc.profile ? (
            <p className="pointer-events-none absolute inset-0 grid place-items-center p-6 text-center text-sm font-medium text-slate-300">
              Add a profile picture and at least 3 images to fill your montage.
            </p>
          ) : null}
        </div>
        <p id={keysHelpId} className="text-xs text-slate-600">
          Drag an image to move it. With the canvas focused, arrow keys move the selected image (Shift for 10
          px), Delete removes it, Ctrl+Z undoes and Ctrl+Shift+Z redoes.
        </p>

        <MontageThumbnails
          doc={doc}
          selectedId={state.selectedId}
          onSelect={(id) => dispatch({ type: "select", id })}
        />
        <HowToList />
      </section>

      <PostPickerDialog
        open={pickerOpen}
        onOpenChange={setPickerOpen}
        slotsLeft={MAX_UNIQUE_IMAGES - doc.sources.length}
        onPick={editor.addOffered}
      />
      <SavedImagesDialog open={savedOpen} onOpenChange={setSavedOpen} />
    </div>
  );
}
