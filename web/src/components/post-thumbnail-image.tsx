import { ImageOff } from "lucide-react";
import { useState } from "react";
import { cn } from "#web/lib/cn.ts";

export type PostThumbnailImageProps = { source: string | null; scrambled: boolean };

/** A post's card image (blurred when scrambled), or a "No image" placeholder when missing or broken. */
export function PostThumbnailImage({ source, scrambled }: PostThumbnailImageProps) {
  const [failedSource, setFailedSource] = useState<string | null>(null);
  if (!source || failedSource === source) {
    return (
      <span className="flex size-full flex-col items-center justify-center gap-1 text-xs text-slate-500">
        <ImageOff className="size-6" aria-hidden="true" />
        No image
      </span>
    );
  }
  return (
    <img
      src={source}
      alt=""
      loading="lazy"
      decoding="async"
      onError={() => setFailedSource(source)}
      className={cn(
        "size-full object-cover transition-transform duration-300 group-hover:scale-105",
        scrambled && "scale-110 blur-md group-hover:scale-115",
      )}
    />
  );
}
