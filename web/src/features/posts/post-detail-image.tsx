import { ImageOff, TriangleAlert } from "lucide-react";
import { Alert } from "#web/components/ui/alert.tsx";
import { cn } from "#web/lib/cn.ts";

export type ImageAttempt = {
  /** The file being shown, or null when there is none or every source failed. */
  src: string | null;
  /** The last source tried (for the error box). */
  attempted: string | null;
  failed: boolean;
  onError: () => void;
};

export type PostDetailImageProps = {
  image: ImageAttempt;
  scrambled: boolean;
  alt: string;
};

/**
 * The post's image in the detail dialog: heavy blur and a SCRAMBLED IMAGE overlay when scrambling is on,
 * the "Image Load Error" box when the file fails to load, and the no-image state.
 */
export function PostDetailImage({ image, scrambled, alt }: PostDetailImageProps) {
  if (!image.attempted) {
    return (
      <div className="flex flex-col items-center gap-2 rounded-xl border border-dashed border-slate-300 bg-slate-50 px-4 py-10 text-center text-sm text-slate-600">
        <ImageOff className="size-8 text-slate-400" aria-hidden="true" />
        <p>No Image Available - This post doesn't have an image file or the file is missing</p>
      </div>
    );
  }

  if (image.failed || !image.src) {
    return (
      <Alert variant="destructive" role="alert">
        <TriangleAlert aria-hidden="true" />
        <div className="grid min-w-0 gap-1">
          <p className="font-semibold">Image Load Error</p>
          <p>The image file is missing from the server</p>
          <p className="text-red-800/80">
            The upload may not have completed. Creating the post again with the same photo usually fixes this.
          </p>
          <dl className="mt-1 grid grid-cols-[auto_1fr] gap-x-2 gap-y-0.5 text-xs">
            <dt className="font-medium">Attempted source:</dt>
            <dd className="min-w-0 font-mono break-all">{image.attempted}</dd>
            <dt className="font-medium">Scramble:</dt>
            <dd className="font-mono">{scrambled ? "ENABLED" : "DISABLED"}</dd>
          </dl>
        </div>
      </Alert>
    );
  }

  return (
    <div className="relative flex min-h-40 items-center justify-center overflow-hidden rounded-xl bg-slate-900">
      <img
        key={image.src}
        src={image.src}
        alt={scrambled ? `${alt} (scrambled)` : alt}
        onError={image.onError}
        className={cn("max-h-[50dvh] w-full object-contain", scrambled && "scale-110 blur-xl")}
      />
      {scrambled ? (
        <span
          aria-hidden="true"
          className="absolute inset-0 flex items-center justify-center bg-slate-900/20 text-center text-lg font-black tracking-[0.25em] text-white drop-shadow-[0_2px_6px_rgba(0,0,0,0.8)] sm:text-2xl"
        >
          SCRAMBLED IMAGE
        </span>
      ) : null}
    </div>
  );
}
