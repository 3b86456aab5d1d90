import { Move } from "lucide-react";
import { type PointerEvent, useRef } from "react";
import { Slider } from "#web/components/ui/slider.tsx";
import { cn } from "#web/lib/cn.ts";
import { ImageUploadControls } from "./image-upload-controls.tsx";
import type { ProfileImageUpload } from "./use-profile-image-upload.ts";
import {
  dragWallpaperPosition,
  formatWallpaperPosition,
  type WallpaperPosition,
} from "./wallpaper-position.ts";
import { wallpaperStyle } from "./wallpaper-style.ts";

export type WallpaperFieldProps = {
  /** The saved-or-chosen wallpaper path; null for none. */
  value: string | null;
  position: WallpaperPosition;
  onPositionChange: (position: WallpaperPosition) => void;
  upload: ProfileImageUpload;
  onRemove: () => void;
};

type Drag = { pointerId: number; startX: number; startY: number; from: WallpaperPosition };

/**
 * Wallpaper banner: upload with progress, a preview shaped like the dashboard banner that can be dragged
 * to choose what shows, and horizontal / vertical sliders (0–100) for the same position.
 */
export function WallpaperField({ value, position, onPositionChange, upload, onRemove }: WallpaperFieldProps) {
  const shown = upload.localPreview ?? value;
  const drag = useRef<Drag | null>(null);
  const style = shown ? wallpaperStyle(shown, formatWallpaperPosition(position)) : null;

  const onPointerDown = (event: PointerEvent<HTMLDivElement>) => {
    if (!shown || event.button !== 0) return;
    event.currentTarget.setPointerCapture(event.pointerId);
    drag.current = {
      pointerId: event.pointerId,
      startX: event.clientX,
      startY: event.clientY,
      from: position,
    };
    event.preventDefault();
  };
  const onPointerMove = (event: PointerEvent<HTMLDivElement>) => {
    const current = drag.current;
    if (current?.pointerId !== event.pointerId) return;
    const rect = event.currentTarget.getBoundingClientRect();
    onPositionChange(
      dragWallpaperPosition(
        current.from,
        { x: event.clientX - current.startX, y: event.clientY - current.startY },
        { width: rect.width, height: rect.height },
      ),
    );
  };
  const endDrag = (event: PointerEvent<HTMLDivElement>) => {
    if (drag.current?.pointerId === event.pointerId) drag.current = null;
  };

  return (
    <fieldset className="grid gap-3">
      <legend className="mb-2 text-sm font-medium text-slate-800">Wallpaper</legend>
      <div
        data-testid="wallpaper-preview"
        onPointerDown={onPointerDown}
        onPointerMove={onPointerMove}
        onPointerUp={endDrag}
        onPointerCancel={endDrag}
        style={style ?? undefined}
        className={cn(
          "relative flex h-32 items-end justify-end overflow-hidden rounded-xl bg-linear-to-br from-brand-400 via-brand-600 to-brand-900 bg-cover select-none sm:h-40",
          shown && "cursor-move touch-none",
          upload.uploading && "opacity-60",
        )}
      >
        {shown ? (
          <span className="m-2 inline-flex items-center gap-1.5 rounded-full bg-slate-900/70 px-2.5 py-1 text-xs font-medium text-white">
            <Move className="size-3.5" aria-hidden="true" />
            Drag to position
          </span>
        ) : (
          <span className="m-auto text-sm font-medium text-white/90">No wallpaper yet</span>
        )}
      </div>
      <div className="grid gap-3 sm:grid-cols-2 sm:gap-5">
        <AxisSlider
          label="Horizontal position"
          value={position.x}
          disabled={!shown}
          onChange={(x) => onPositionChange({ ...position, x })}
        />
        <AxisSlider
          label="Vertical position"
          value={position.y}
          disabled={!shown}
          onChange={(y) => onPositionChange({ ...position, y })}
        />
      </div>
      <ImageUploadControls
        noun="Wallpaper"
        hasImage={shown !== null}
        uploading={upload.uploading}
        progress={upload.progress}
        onPick={upload.pick}
        onCancel={upload.cancel}
        onRemove={onRemove}
      />
    </fieldset>
  );
}

type AxisSliderProps = { label: string; value: number; disabled: boolean; onChange: (value: number) => void };

function AxisSlider({ label, value, disabled, onChange }: AxisSliderProps) {
  const rounded = Math.round(value);
  return (
    <div className="grid gap-2">
      <div className="flex items-center justify-between text-sm">
        <span className="font-medium text-slate-800">{label}</span>
        <span className="font-mono text-xs text-slate-600 tabular-nums" aria-hidden="true">
          {rounded}%
        </span>
      </div>
      <Slider
        thumbLabel={label}
        valueText={`${rounded}%`}
        min={0}
        max={100}
        step={1}
        value={[rounded]}
        disabled={disabled}
        onValueChange={([next]) => {
          if (next !== undefined) onChange(next);
        }}
      />
    </div>
  );
}
