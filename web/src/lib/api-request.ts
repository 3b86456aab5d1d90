import type { QueryFunction } from "@tanstack/react-query";

/** Toast text for a request that never reached the server (spec 1 §8). */
export const NETWORK_ERROR_MESSAGE = "Network error. Please check your connection and try again.";

export type ApiErrorBody = {
  error?: string;
  message?: string;
  fields?: Record<string, string>;
  /** With a 409 for a taken post name: free alternatives. */
  suggestions?: string[];
};

/** A non-2xx answer. `message` is "<status>: <body text or status text>" as spec 1 §8 describes. */
export class ApiError extends Error {
  override readonly name = "ApiError";
  readonly status: number;
  readonly body: ApiErrorBody | null;

  constructor(status: number, message: string, body: ApiErrorBody | null) {
    super(message);
    this.status = status;
    this.body = body;
  }
}

/** fetch() itself failed: offline, DNS, refused connection, CORS. */
export class NetworkError extends Error {
  override readonly name = "NetworkError";
  constructor(options?: { cause?: unknown }) {
    super(NETWORK_ERROR_MESSAGE, options);
  }
}

function parseErrorBody(text: string): ApiErrorBody | null {
  if (!text) return null;
  try {
    const value: unknown = JSON.parse(text);
    if (typeof value !== "object" || value === null || Array.isArray(value)) return null;
    const record = value as Record<string, unknown>;
    const body: ApiErrorBody = {};
    if (typeof record.error === "string") body.error = record.error;
    if (typeof record.message === "string") body.message = record.message;
    if (typeof record.fields === "object" && record.fields !== null) {
      body.fields = Object.fromEntries(
        Object.entries(record.fields).filter(
          (entry): entry is [string, string] => typeof entry[1] === "string",
        ),
      );
    }
    if (Array.isArray(record.suggestions)) {
      body.suggestions = record.suggestions.filter((item): item is string => typeof item === "string");
    }
    return body;
  } catch {
    return null;
  }
}

/** Builds the error for a failed response from its status, status text and raw body. Pure: unit-tested. */
export function buildApiError(status: number, statusText: string, bodyText: string): ApiError {
  return new ApiError(status, `${status}: ${bodyText || statusText}`, parseErrorBody(bodyText));
}

async function send(method: string, url: string, body: unknown, signal?: AbortSignal): Promise<Response> {
  const hasBody = body !== undefined;
  try {
    return await fetch(url, {
      method,
      credentials: "include",
      headers: hasBody ? { "Content-Type": "application/json" } : undefined,
      body: hasBody ? JSON.stringify(body) : undefined,
      signal,
    });
  } catch (error) {
    if (signal?.aborted) throw error;
    throw new NetworkError({ cause: error });
  }
}

async function throwIfNotOk(response: Response): Promise<void> {
  if (response.ok) return;
  const text = await response.text().catch(() => "");
  throw buildApiError(response.status, response.statusText, text);
}

async function readJson<T>(response: Response): Promise<T> {
  const text = await response.text();
  return (text ? JSON.parse(text) : null) as T;
}

/**
 * The one request helper. Sends cookies, sends a JSON content type only when there is a body, returns the
 * parsed JSON answer (null when empty) and throws ApiError on any non-2xx status.
 */
export async function apiRequest<T = unknown>(method: string, url: string, body?: unknown): Promise<T> {
  const response = await send(method, url, body);
  await throwIfNotOk(response);
  return readJson<T>(response);
}

/** Default query function: GET the first element of the query key. */
export function getQueryFn<T>(options: { on401: "returnNull" | "throw" }): QueryFunction<T | null> {
  return async ({ queryKey, signal }) => {
    const response = await send("GET", String(queryKey[0]), undefined, signal);
    if (options.on401 === "returnNull" && response.status === 401) return null;
    await throwIfNotOk(response);
    return readJson<T>(response);
  };
}

/** The text to show in a toast for a failed call: the server's message, the network message, or the fallback. */
export function errorMessage(error: unknown, fallback: string): string {
  if (error instanceof NetworkError) return NETWORK_ERROR_MESSAGE;
  if (error instanceof ApiError) return error.body?.error || error.body?.message || fallback;
  return fallback;
}

/** The per-field messages of a 400 validation answer, if any. */
export function fieldErrors(error: unknown): Record<string, string> {
  return error instanceof ApiError ? (error.body?.fields ?? {}) : {};
}
