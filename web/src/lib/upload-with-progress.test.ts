import { afterEach, describe, expect, it, vi } from "vitest";
import { ApiError, NetworkError } from "./api-request.ts";
import { isAbortError, progressPercent, uploadWithProgress } from "./upload-with-progress.ts";

type Listener = (event: { loaded: number; total: number; lengthComputable: boolean }) => void;

/** The smallest XMLHttpRequest the helper needs; each test decides how the request ends. */
class FakeXhr {
  static last: FakeXhr | null = null;
  status = 0;
  statusText = "";
  responseText = "";
  responseType = "";
  withCredentials = false;
  method = "";
  url = "";
  sent: unknown = null;
  private listeners = new Map<string, Listener[]>();
  upload = {
    listeners: [] as Listener[],
    addEventListener: (_type: string, listener: Listener) => this.upload.listeners.push(listener),
  };
  constructor() {
    FakeXhr.last = this;
  }
  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  addEventListener(type: string, listener: Listener) {
    this.listeners.set(type, [...(this.listeners.get(type) ?? []), listener]);
  }
  send(body: unknown) {
    this.sent = body;
  }
  abort() {
    this.fire("abort");
  }
  fire(type: string) {
    for (const listener of this.listeners.get(type) ?? [])
      listener({ loaded: 0, total: 0, lengthComputable: false });
  }
  finish(status: number, body: string, statusText = "") {
    this.status = status;
    this.statusText = statusText;
    this.responseText = body;
    this.fire("load");
  }
}

function useFakeXhr() {
  vi.stubGlobal("XMLHttpRequest", FakeXhr);
  return () => {
    if (!FakeXhr.last) throw new Error("no request");
    return FakeXhr.last;
  };
}

afterEach(() => {
  vi.unstubAllGlobals();
  FakeXhr.last = null;
});

describe("progressPercent", () => {
  it("rounds down and stays within 0–100", () => {
    expect(progressPercent({ loaded: 0, total: 0 })).toBe(0);
    expect(progressPercent({ loaded: 1, total: 3 })).toBe(33);
    expect(progressPercent({ loaded: 5, total: 5 })).toBe(100);
    expect(progressPercent({ loaded: 9, total: 5 })).toBe(100);
  });
});

describe("uploadWithProgress", () => {
  it("POSTs with cookies, reports progress and resolves with the JSON answer", async () => {
    const xhr = useFakeXhr();
    const onProgress = vi.fn();
    const form = new FormData();
    const done = uploadWithProgress("/api/upload-image", form, { onProgress });
    expect(xhr().method).toBe("POST");
    expect(xhr().url).toBe("/api/upload-image");
    expect(xhr().withCredentials).toBe(true);
    expect(xhr().sent).toBe(form);
    for (const listener of xhr().upload.listeners)
      listener({ loaded: 50, total: 100, lengthComputable: true });
    expect(onProgress).toHaveBeenCalledWith({ loaded: 50, total: 100 });
    xhr().finish(201, '{"imageUrl":"/uploads/x.jpg"}');
    await expect(done).resolves.toEqual({ imageUrl: "/uploads/x.jpg" });
  });

  it("rejects with ApiError carrying the status and the server's message", async () => {
    const xhr = useFakeXhr();
    const done = uploadWithProgress("/api/upload-image", new FormData());
    const body = '{"error":"Invalid file type","code":"unsupported_type"}';
    xhr().finish(415, body, "Unsupported Media Type");
    const error = await done.catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).status).toBe(415);
    expect((error as ApiError).message).toBe(`415: ${body}`);
    expect((error as ApiError).body?.error).toBe("Invalid file type");
    expect((error as ApiError).code).toBe("unsupported_type");
  });

  it("rejects with NetworkError when the request never arrives", async () => {
    const xhr = useFakeXhr();
    const done = uploadWithProgress("/api/upload-image", new FormData());
    xhr().fire("error");
    await expect(done).rejects.toBeInstanceOf(NetworkError);
  });

  it("can be cancelled", async () => {
    useFakeXhr();
    const controller = new AbortController();
    const done = uploadWithProgress("/api/upload-image", new FormData(), { signal: controller.signal });
    controller.abort();
    const error = await done.catch((caught: unknown) => caught);
    expect(isAbortError(error)).toBe(true);
  });
});
