import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useCallback, useEffect, useRef, useState } from "react";
import type { CreateTaggedPostBody, TaggedPost, UploadImageResponse } from "#contract/api/posts.ts";
import { apiRequest } from "#web/lib/api-request.ts";
import { progressPercent, uploadWithProgress } from "#web/lib/upload-with-progress.ts";
import { TAGGED_POSTS_QUERY_KEY } from "./use-tagged-posts.ts";

/** POST /api/tagged-posts. The new post goes to the top of the cached list, which is then refetched. */
export function useCreatePost() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateTaggedPostBody) => apiRequest<TaggedPost>("POST", "/api/tagged-posts", body),
    onSuccess: async (post) => {
      // Newest first: show it at the top at once, then refetch the list.
      queryClient.setQueryData<TaggedPost[]>(TAGGED_POSTS_QUERY_KEY, (posts) =>
        posts ? [post, ...posts.filter((item) => item.id !== post.id)] : posts,
      );
      await queryClient.invalidateQueries({ queryKey: TAGGED_POSTS_QUERY_KEY });
    },
  });
}

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
