import { useEffect, useState } from "react";
import { Skeleton } from "#web/components/ui/skeleton.tsx";

const SIZE_PX = 192;

export type QrCodeImageProps = {
  /** What the code carries (an otpauth:// address). */
  value: string;
  /** What the image is for, said to screen readers. */
  alt: string;
};

/**
 * A QR code drawn in the browser as a PNG data address. The encoder is loaded when the first one is drawn, so
 * it is in no page's first load; if it cannot load, the caller's typed alternative (the key) still works.
 */
export function QrCodeImage({ value, alt }: QrCodeImageProps) {
  const [drawn, setDrawn] = useState<{ value: string; src: string } | null>(null);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    let current = true;
    import("qrcode")
      .then((qrcode) => qrcode.toDataURL(value, { width: SIZE_PX, margin: 1, errorCorrectionLevel: "M" }))
      .then(
        (src) => current && setDrawn({ value, src }),
        () => current && setFailed(true),
      );
    return () => {
      current = false;
    };
  }, [value]);

  if (failed) {
    return (
      <p role="alert" className="text-sm text-slate-700">
        The QR code could not be drawn. Type the key below into your app instead.
      </p>
    );
  }
  if (drawn?.value !== value) {
    return (
      <div role="status" className="size-48">
        <span className="sr-only">Drawing the QR code...</span>
        <Skeleton className="size-full" />
      </div>
    );
  }
  return (
    <img
      src={drawn.src}
      alt={alt}
      width={SIZE_PX}
      height={SIZE_PX}
      className="size-48 rounded-lg border border-slate-200 bg-white"
    />
  );
}
