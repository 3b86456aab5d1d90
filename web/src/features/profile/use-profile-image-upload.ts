import { useCallback, useEffect, useState } from "react";
import { toast } from "sonner";
import type { UploadImageResponse } from "#contract/api/posts.ts";
import { errorMessage } from "#web/lib/api-request.ts";
import { isAbortError } from "#web/lib/upload-with-progress.ts";
import { useUploadImage } from "#web/lib/use-upload-image.ts";
import { checkProfileImage, profileUploadProblem } from "./profile-image-checks.ts";

/**
 * Uploads an avatar or wallpaper through POST /api/upload-image (metadata stripped, re-encoded by the
 * server) with a progress figure and a local preview while the bytes go up. `onUploaded` gets the stored
 * original's path.
 */
export function useProfileImageUpload(onUploaded: (imageUrl: string) => void): ProfileImageUpload {
  const upload = useUploadImage();
  const [localPreview, setLocalPreview] = useState<string | null>(null);

  useEffect(
    () => () => {
      if (localPreview) URL.revokeObjectURL(localPreview);
    },
    [localPreview],
  );

  const pick = useCallback(
    (file: File) => {
      const problem = checkProfileImage(file);
      if (problem) {
        toast.error(problem.title, { description: problem.description });
        return;
      }
      setLocalPreview(URL.createObjectURL(file));
      upload.mutate(file, {
        onSuccess: (result: UploadImageResponse) => {
          onUploaded(result.imageUrl);
          setLocalPreview(null);
        },
        onError: (error) => {
          setLocalPreview(null);
          if (isAbortError(error)) return;
          const refused = profileUploadProblem(error);
          if (refused) toast.error(refused.title, { description: refused.description });
          else toast.error("Upload Failed", { description: errorMessage(error, "Failed to upload image") });
        },
      });
    },
    [upload.mutate, onUploaded],
  );

  return {
    pick,
    cancel: upload.cancel,
    uploading: upload.isPending,
    progress: upload.progress,
    localPreview,
  };
}

export type ProfileImageUpload = {
  /** Checks the file (size, type), then uploads it. */
  pick: (file: File) => void;
  cancel: () => void;
  uploading: boolean;
  progress: number | null;
  /** An object URL of the file being uploaded, for the preview. */
  localPreview: string | null;
};
