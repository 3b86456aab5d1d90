import { ImagePlus, RefreshCw, Trash2, X } from "lucide-react";
import { type ChangeEvent, useId, useRef } from "react";
import { Button } from "#web/components/ui/button.tsx";
import { Progress } from "#web/components/ui/progress.tsx";

export type ImageUploadControlsProps = {
  /** What is uploaded, e.g. "Photo" or "Wallpaper" (button texts "Upload Photo", "Change Photo"). */
  noun: string;
  hasImage: boolean;
  uploading: boolean;
  /** 0–100 while the bytes go up. */
  progress: number | null;
  disabled?: boolean;
  onPick: (file: File) => void;
  onCancel: () => void;
  onRemove: () => void;
};

/** Choose / change / remove an image, with the upload progress bar and a Cancel while it runs. */
export function ImageUploadControls({
  noun,
  hasImage,
  uploading,
  progress,
  disabled = false,
  onPick,
  onCancel,
  onRemove,
}: ImageUploadControlsProps) {
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const processing = uploading && progress !== null && progress >= 100;

  const onChange = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    // Cleared so choosing the same file again still fires a change.
    event.target.value = "";
    if (file) onPick(file);
  };

  if (uploading) {
    return (
      <div className="grid w-full gap-1.5">
        <div className="flex items-center justify-between gap-2 text-sm text-slate-700">
          <span id={`${id}-progress`}>
            {processing ? "Processing image..." : `Uploading ${noun.toLowerCase()}... ${progress ?? 0}%`}
          </span>
          <Button variant="ghost" size="sm" onClick={onCancel}>
            <X aria-hidden="true" />
            Cancel
          </Button>
        </div>
        <Progress value={processing ? null : (progress ?? 0)} aria-labelledby={`${id}-progress`} />
      </div>
    );
  }

  return (
    <div className="flex flex-wrap items-center gap-2">
      <input
        ref={input}
        type="file"
        accept="image/jpeg,image/png,image/gif,image/webp"
        className="sr-only"
        tabIndex={-1}
        aria-label={`Choose a ${noun.toLowerCase()} file`}
        onChange={onChange}
      />
      <Button variant="outline" size="sm" disabled={disabled} onClick={() => input.current?.click()}>
        {hasImage ? <RefreshCw aria-hidden="true" /> : <ImagePlus aria-hidden="true" />}
        {hasImage ? `Change ${noun}` : `Upload ${noun}`}
      </Button>
      {hasImage ? (
        <Button
          variant="ghost"
          size="sm"
          className="text-red-700 hover:bg-red-50 hover:text-red-800"
          disabled={disabled}
          onClick={onRemove}
        >
          <Trash2 aria-hidden="true" />
          Remove {noun.toLowerCase()}
        </Button>
      ) : null}
    </div>
  );
}
