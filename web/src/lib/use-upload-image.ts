import { useMutation } from "@tanstack/react-query";
import { useCallback, useEffect, useRef, useState } from "react";
import type { UploadImageResponse } from "#contract/api/posts.ts";
import { progressPercent, uploadWithProgress } from "./upload-with-progress.ts";

/**
 * POST /api/upload-image with a live progress figure (0–100 while the bytes go up; null when idle). A new
 * upload cancels the one in flight; leaving the page cancels too.
 */
export function useUploadImage() {
  const [progress, setProgress] = useState<number | null>(null);
  const controller = useRef<AbortController | null>(null);

  useEffect(() => () => controller.current?.abort(), []);

  const mutation = useMutation({
    mutationFn: (file: File) => {
      controller.current?.abort();
      const current = new AbortController();
      controller.current = current;
      setProgress(0);
      const form = new FormData();
      form.append("image", file);
      return uploadWithProgress<UploadImageResponse>("/api/upload-image", form, {
        signal: current.signal,
        onProgress: (value) => {
          if (controller.current === current) setProgress(progressPercent(value));
        },
      });
    },
    onSettled: () => setProgress(null),
  });

  const cancel = useCallback(() => controller.current?.abort(), []);
  return { ...mutation, progress, cancel };
}
