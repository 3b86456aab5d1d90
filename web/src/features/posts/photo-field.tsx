import { Camera, ImagePlus, RefreshCw, Trash2, X } from "lucide-react";
import { type ChangeEvent, type DragEvent, useId, useRef, useState } from "react";
import type { UploadImageResponse } from "#contract/api/posts.ts";
import { Button } from "#web/components/ui/button.tsx";
import { Progress } from "#web/components/ui/progress.tsx";
import { cn } from "#web/lib/cn.ts";

export type PhotoFieldProps = {
  /** The stored upload, once the server has it. */
  uploaded: UploadImageResponse | null;
  /** A local preview of the file being uploaded. */
  localPreview: string | null;
  uploading: boolean;
  /** 0–100 while bytes are sent. */
  progress: number | null;
  /** Preview the scrambled copy (the scramble switch is on). */
  scramble: boolean;
  disabled?: boolean;
  onPick: (file: File) => void;
  onCancel: () => void;
  onRemove: () => void;
};

/** Photo upload from a file or the camera, with a progress bar and a preview of what was stored. */
export function PhotoField({
  uploaded,
  localPreview,
  uploading,
  progress,
  scramble,
  disabled = false,
  onPick,
  onCancel,
  onRemove,
}: PhotoFieldProps) {
  const id = useId();
  const fileInput = useRef<HTMLInputElement>(null);
  const cameraInput = useRef<HTMLInputElement>(null);
  const [dragOver, setDragOver] = useState(false);

  const onChange = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    // Cleared so choosing the same file again still fires a change.
    event.target.value = "";
    if (file) onPick(file);
  };

  const onDrop = (event: DragEvent<HTMLFieldSetElement>) => {
    event.preventDefault();
    setDragOver(false);
    const file = event.dataTransfer.files[0];
    if (file && !disabled && !uploading) onPick(file);
  };

  const previewSrc = uploaded ? (scramble ? uploaded.scrambledImageUrl : uploaded.imageUrl) : localPreview;
  const processing = uploading && progress !== null && progress >= 100;

  const pickButtons = (replace: boolean) => (
    <div className="flex flex-wrap justify-center gap-2">
      <Button
        variant={replace ? "outline" : "primary"}
        onClick={() => fileInput.current?.click()}
        disabled={disabled || uploading}
      >
        {replace ? <RefreshCw aria-hidden="true" /> : <ImagePlus aria-hidden="true" />}
        {replace ? "Replace Photo" : "Upload Photo"}
      </Button>
      <Button variant="outline" onClick={() => cameraInput.current?.click()} disabled={disabled || uploading}>
        <Camera aria-hidden="true" />
        Take Photo
      </Button>
    </div>
  );

  return (
    <fieldset
      className="grid gap-2"
      onDragOver={(event) => {
        event.preventDefault();
        setDragOver(true);
      }}
      onDragLeave={() => setDragOver(false)}
      onDrop={onDrop}
    >
      <legend className="mb-1.5 text-sm font-medium text-slate-800">Photo</legend>
      <input
        ref={fileInput}
        type="file"
        accept="image/*"
        className="sr-only"
        tabIndex={-1}
        aria-label="Choose a photo file"
        onChange={onChange}
      />
      <input
        ref={cameraInput}
        type="file"
        accept="image/*"
        capture="environment"
        className="sr-only"
        tabIndex={-1}
        aria-label="Take a photo with the camera"
        onChange={onChange}
      />

      {previewSrc ? (
        <div className="grid gap-3">
          <div className="relative flex min-h-40 items-center justify-center overflow-hidden rounded-xl bg-slate-900">
            <img
              src={previewSrc}
              alt={scramble && uploaded ? "Scrambled preview of your photo" : "Preview of your photo"}
              className={cn(
                "max-h-80 w-full object-contain transition",
                uploading && "opacity-50",
                scramble && "scale-110 blur-xl",
              )}
            />
            {scramble ? (
              <span
                aria-hidden="true"
                className="absolute inset-0 flex items-center justify-center text-base font-black tracking-[0.25em] text-white drop-shadow-[0_2px_6px_rgba(0,0,0,0.8)]"
              >
                SCRAMBLED PREVIEW
              </span>
            ) : null}
          </div>
          {uploading ? (
            <div className="grid gap-1.5">
              <div className="flex items-center justify-between gap-2 text-sm text-slate-700">
                <span id={`${id}-progress`}>
                  {processing ? "Processing image..." : `Uploading photo... ${progress ?? 0}%`}
                </span>
                <Button variant="ghost" size="sm" onClick={onCancel}>
                  <X aria-hidden="true" />
                  Cancel
                </Button>
              </div>
              <Progress value={processing ? null : (progress ?? 0)} aria-labelledby={`${id}-progress`} />
            </div>
          ) : (
            <div className="flex flex-wrap items-center justify-center gap-2">
              {pickButtons(true)}
              <Button
                variant="ghost"
                className="text-red-700 hover:bg-red-50"
                onClick={onRemove}
                disabled={disabled}
              >
                <Trash2 aria-hidden="true" />
                Remove
              </Button>
            </div>
          )}
        </div>
      ) : (
        <div
          className={cn(
            "flex flex-col items-center gap-3 rounded-xl border-2 border-dashed border-slate-300 bg-slate-50 px-4 py-8 text-center",
            dragOver && "border-brand-500 bg-brand-50",
          )}
        >
          <span className="flex size-12 items-center justify-center rounded-2xl bg-white text-brand-700 shadow-xs">
            <ImagePlus className="size-6" aria-hidden="true" />
          </span>
          <p className="text-sm text-slate-600">
            JPG, PNG, GIF or WebP, up to 20MB. Location and camera details are removed when you upload.
          </p>
          {pickButtons(false)}
        </div>
      )}
    </fieldset>
  );
}
