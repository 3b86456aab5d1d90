import { RotateCw, SlidersHorizontal, Trash2 } from "lucide-react";
import { type KeyboardEvent, useId } from "react";
import { Button } from "#web/components/ui/button.tsx";
import { Input } from "#web/components/ui/input.tsx";
import { Label } from "#web/components/ui/label.tsx";
import { canvasImageName, type EditorAction, type MontageDocument, PROFILE_ID } from "./montage-document.ts";
import { PanelSection } from "./panel-section.tsx";

export type ImageControlsPanelProps = {
  doc: MontageDocument;
  selectedId: string | null;
  dispatch: (action: EditorAction) => void;
};

type NumberFieldProps = { label: string; imageId: string; value: number; onCommit: (text: string) => void };

/** A number typed freely and applied on Enter or when the field is left (the rules give the defaults). */
function NumberField({ label, imageId, value, onCommit }: NumberFieldProps) {
  const id = useId();
  const commit = (text: string) => {
    if (text !== String(value)) onCommit(text);
  };
  return (
    <div className="grid gap-1.5">
      <Label htmlFor={id}>{label}</Label>
      <Input
        // Another image, or a new value from elsewhere (a drag, an undo), replaces what the field shows.
        key={`${imageId}:${value}`}
        id={id}
        inputMode="numeric"
        defaultValue={String(value)}
        onBlur={(event) => commit(event.target.value)}
        onKeyDown={(event: KeyboardEvent<HTMLInputElement>) => {
          if (event.key === "Enter") commit(event.currentTarget.value);
        }}
      />
    </div>
  );
}

/** Position, size and rotation of the selected image; the profile is centred and round. */
export function ImageControlsPanel({ doc, selectedId, dispatch }: ImageControlsPanelProps) {
  const isProfile = selectedId === PROFILE_ID && doc.profile !== null;
  const image = doc.images.find((item) => item.id === selectedId);
  const box = isProfile ? doc.profile : image;

  return (
    <PanelSection title="Image Controls" icon={SlidersHorizontal}>
      {!box || !selectedId ? (
        <p className="text-sm text-slate-600">
          Select an image on the canvas or below it to move, resize or rotate it.
        </p>
      ) : (
        <div className="grid gap-3">
          <p className="text-sm font-medium text-slate-800">
            {isProfile ? "Profile image" : canvasImageName(doc, selectedId)?.name}
          </p>
          {image ? (
            <div className="grid grid-cols-2 gap-3">
              <NumberField
                label="X position"
                imageId={image.id}
                value={image.x}
                onCommit={(text) => dispatch({ type: "typePosition", id: image.id, axis: "x", text })}
              />
              <NumberField
                label="Y position"
                imageId={image.id}
                value={image.y}
                onCommit={(text) => dispatch({ type: "typePosition", id: image.id, axis: "y", text })}
              />
            </div>
          ) : (
            <p className="text-sm text-slate-600">Profile image is automatically centered</p>
          )}
          <div className="grid grid-cols-2 gap-3">
            <NumberField
              label="Width"
              imageId={selectedId}
              value={box.width}
              onCommit={(text) => dispatch({ type: "typeSize", id: selectedId, dimension: "width", text })}
            />
            <NumberField
              label="Height"
              imageId={selectedId}
              value={box.height}
              onCommit={(text) => dispatch({ type: "typeSize", id: selectedId, dimension: "height", text })}
            />
          </div>
          {image ? (
            <div className="flex flex-wrap items-center gap-2">
              <Button variant="outline" onClick={() => dispatch({ type: "rotate", id: image.id })}>
                <RotateCw aria-hidden="true" />
                Rotate 90°
              </Button>
              <span className="text-sm text-slate-600 tabular-nums">{image.rotation}°</span>
              <Button
                variant="ghost"
                className="ml-auto text-red-700 hover:bg-red-50 hover:text-red-800"
                onClick={() => dispatch({ type: "removeImage", id: image.id })}
              >
                <Trash2 aria-hidden="true" />
                Remove
              </Button>
            </div>
          ) : (
            <p className="text-sm text-slate-600">Rotation not needed for circular profile</p>
          )}
        </div>
      )}
    </PanelSection>
  );
}
