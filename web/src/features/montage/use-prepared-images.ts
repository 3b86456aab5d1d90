import { useEffect, useState } from "react";
import { type PreparedImage, preparedImage } from "./prepared-images.ts";

/** The drawable pictures for these URLs, filled in as each one is ready; a picture that fails is left out. */
export function usePreparedImages(urls: readonly string[]): ReadonlyMap<string, PreparedImage> {
  const [images, setImages] = useState<ReadonlyMap<string, PreparedImage>>(new Map());
  const key = urls.join("\n");

  useEffect(() => {
    let active = true;
    for (const url of key ? key.split("\n") : []) {
      preparedImage(url).then(
        (image) => {
          if (!active) return;
          setImages((current) => (current.get(url) === image ? current : new Map(current).set(url, image)));
        },
        () => undefined,
      );
    }
    return () => {
      active = false;
    };
  }, [key]);

  return images;
}
