import { useCallback, useEffect, useReducer, useRef } from "react";
import { toast } from "sonner";
import { MONTAGE_MESSAGES, type Notice } from "./montage-constants.ts";
import { editorReducer, initialEditorState } from "./montage-document.ts";
import { randomSeed } from "./montage-layout.ts";
import { admitImages, afterUploadNotice, fileKey, isImageFile } from "./montage-rules.ts";
import { forgetPreparedImages } from "./prepared-images.ts";

/** A picture offered from elsewhere than the file picker (one of the member's posts). */
export type OfferedImage = { key: string; url: string; label: string };

const showError = (notice: Notice) => toast.error(notice.title, { description: notice.description });

/**
 * The editor's state and the ways pictures come in. Files become object URLs, kept until the page closes so
 * that undo can bring a removed picture back; nothing is uploaded.
 */
export function useMontageEditor() {
  const [state, dispatch] = useReducer(editorReducer, undefined, () => initialEditorState(randomSeed()));
  const objectUrls = useRef(new Set<string>());
  const sources = state.present.sources;

  useEffect(
    () => () => {
      for (const url of objectUrls.current) URL.revokeObjectURL(url);
      forgetPreparedImages(objectUrls.current);
    },
    [],
  );

  const objectUrl = useCallback((file: File) => {
    const url = URL.createObjectURL(file);
    objectUrls.current.add(url);
    return url;
  }, []);

  const setProfileFile = useCallback(
    (file: File) => {
      if (!isImageFile(file)) return showError(MONTAGE_MESSAGES.imagesOnly);
      dispatch({ type: "setProfile", url: objectUrl(file) });
    },
    [objectUrl],
  );

  /** Adds unique pictures (files or offered ones); `toUrl` is called only for those that are kept. */
  const admit = useCallback(
    <T extends { key: string; label: string }>(offered: T[], toUrl: (item: T) => string) => {
      const { admitted, refusal } = admitImages(sources, offered);
      if (refusal) return showError(refusal);
      if (admitted.length === 0) return;
      dispatch({
        type: "addSources",
        sources: admitted.map((item) => ({
          id: crypto.randomUUID(),
          key: item.key,
          label: item.label,
          url: toUrl(item),
        })),
      });
      const reminder = afterUploadNotice(sources.length + admitted.length);
      if (reminder) toast.info(reminder.title, { description: reminder.description });
    },
    [sources],
  );

  const addFiles = useCallback(
    (files: File[]) => {
      const images = files.filter(isImageFile);
      if (images.length < files.length) showError(MONTAGE_MESSAGES.imagesOnly);
      admit(
        images.map((file) => ({ key: fileKey(file), label: file.name, file })),
        (item) => objectUrl(item.file),
      );
    },
    [admit, objectUrl],
  );

  const addOffered = useCallback((offered: OfferedImage[]) => admit(offered, (item) => item.url), [admit]);

  return { state, dispatch, setProfileFile, addFiles, addOffered };
}
