import { buildApiError, NetworkError } from "./api-request.ts";

export type UploadProgress = {
  loaded: number;
  /** 0 when the browser cannot tell the size. */
  total: number;
};

export type UploadOptions = {
  onProgress?: (progress: UploadProgress) => void;
  signal?: AbortSignal;
};

/** 0–100, rounded down; 0 while the total is unknown. Pure: unit-tested. */
export function progressPercent({ loaded, total }: UploadProgress): number {
  if (total <= 0) return 0;
  return Math.min(100, Math.max(0, Math.floor((loaded / total) * 100)));
}

/**
 * POSTs a multipart form and reports upload progress, which fetch() cannot do. Same contract as
 * `apiRequest`: cookies sent, parsed JSON on 2xx, `ApiError` ("<status>: <body>") otherwise, `NetworkError`
 * when the request never reached the server, an `AbortError` DOMException when `signal` aborts it.
 */
export function uploadWithProgress<T>(url: string, form: FormData, options: UploadOptions = {}): Promise<T> {
  const { onProgress, signal } = options;
  return new Promise<T>((resolve, reject) => {
    if (signal?.aborted) {
      reject(new DOMException("Upload cancelled", "AbortError"));
      return;
    }
    const xhr = new XMLHttpRequest();
    xhr.open("POST", url);
    xhr.withCredentials = true;
    xhr.responseType = "text";

    const onAbortSignal = () => xhr.abort();
    signal?.addEventListener("abort", onAbortSignal, { once: true });
    const cleanUp = () => signal?.removeEventListener("abort", onAbortSignal);

    xhr.upload.addEventListener("progress", (event) => {
      onProgress?.({ loaded: event.loaded, total: event.lengthComputable ? event.total : 0 });
    });
    xhr.addEventListener("load", () => {
      cleanUp();
      if (xhr.status >= 200 && xhr.status < 300) {
        try {
          resolve((xhr.responseText ? JSON.parse(xhr.responseText) : null) as T);
        } catch (error) {
          reject(error);
        }
        return;
      }
      reject(buildApiError(xhr.status, xhr.statusText, xhr.responseText));
    });
    xhr.addEventListener("error", () => {
      cleanUp();
      reject(new NetworkError());
    });
    xhr.addEventListener("timeout", () => {
      cleanUp();
      reject(new NetworkError());
    });
    xhr.addEventListener("abort", () => {
      cleanUp();
      reject(new DOMException("Upload cancelled", "AbortError"));
    });
    xhr.send(form);
  });
}

export function isAbortError(error: unknown): boolean {
  return error instanceof DOMException && error.name === "AbortError";
}
