import type { QueryFunction } from "@tanstack/react-query";
import { type ErrorBody, type ErrorCode, readErrorBody } from "#contract/errors.ts";
import type { ApiMethod, ApiResponse, ApiUrl } from "./api-routes.ts";
import { askToReauthenticate } from "./reauthentication.ts";

/** Toast text for a request that never reached the server. */
export const NETWORK_ERROR_MESSAGE = "Network error. Please check your connection and try again.";

/** A non-2xx answer. `message` is "<status>: <body text or status text>", the same for every call. */
export class ApiError extends Error {
  override readonly name = "ApiError";
  readonly status: number;
  /** The contract's error body; null when the answer did not come from our API (a proxy's page, say). */
  readonly body: ErrorBody | null;

  constructor(status: number, message: string, body: ErrorBody | null) {
    super(message);
    this.status = status;
    this.body = body;
  }

  /** The machine code to switch on; undefined when the answer carried none. */
  get code(): ErrorCode | undefined {
    return this.body?.code;
  }
}

/** fetch() itself failed: offline, DNS, refused connection, CORS. */
export class NetworkError extends Error {
  override readonly name = "NetworkError";
  constructor(options?: { cause?: unknown }) {
    super(NETWORK_ERROR_MESSAGE, options);
  }
}

function parseErrorBody(text: string): ErrorBody | null {
  if (!text) return null;
  try {
    return readErrorBody(JSON.parse(text));
  } catch {
    return null;
  }
}

/** Builds the error for a failed response from its status, status text and raw body. Pure: unit-tested. */
export function buildApiError(status: number, statusText: string, bodyText: string): ApiError {
  return new ApiError(status, `${status}: ${bodyText || statusText}`, parseErrorBody(bodyText));
}

type SendOptions = { signal?: AbortSignal; headers?: Record<string, string>; cache?: RequestCache };

async function send(
  method: string,
  url: string,
  body: unknown,
  options: SendOptions = {},
): Promise<Response> {
  const hasBody = body !== undefined;
  const headers = { ...(hasBody ? { "Content-Type": "application/json" } : {}), ...options.headers };
  try {
    return await fetch(url, {
      method,
      credentials: "include",
      headers: Object.keys(headers).length > 0 ? headers : undefined,
      body: hasBody ? JSON.stringify(body) : undefined,
      signal: options.signal,
      ...(options.cache ? { cache: options.cache } : {}),
    });
  } catch (error) {
    if (options.signal?.aborted) throw error;
    throw new NetworkError({ cause: error });
  }
}

async function errorOf(response: Response): Promise<ApiError> {
  const text = await response.text().catch(() => "");
  return buildApiError(response.status, response.statusText, text);
}

async function throwIfNotOk(response: Response): Promise<void> {
  if (!response.ok) throw await errorOf(response);
}

async function readJson<T>(response: Response): Promise<T> {
  const text = await response.text();
  return (text ? JSON.parse(text) : null) as T;
}

export type RequestOptions = { signal?: AbortSignal; headers?: Record<string, string> };

async function request(
  method: ApiMethod,
  url: string,
  body: unknown,
  options: RequestOptions,
): Promise<unknown> {
  let response = await send(method, url, body, options);
  if (response.status === 403) {
    const error = await errorOf(response);
    if (error.code !== "reauth_required" || !(await askToReauthenticate())) throw error;
    response = await send(method, url, body, options);
  }
  await throwIfNotOk(response);
  return readJson<unknown>(response);
}

/**
 * The one request helper. Sends cookies, sends a JSON content type only when there is a body, returns the
 * parsed JSON answer (null when empty) and throws ApiError on any non-2xx status. A call the server answers
 * 403 `reauth_required` asks the member for their password and is sent once more when they entered it.
 * The answer's type follows from the method and the address (`ApiResponse`); no caller names it. The type
 * is worked out from the arguments only (`NoInfer`), and the function is not itself `async`: otherwise
 * TypeScript tries the answer of every address a call could take (to infer from a declared result, or to
 * await the generic answer) and gives up past its limit on instantiations.
 */
export function apiRequest<M extends ApiMethod, Url extends ApiUrl<M>>(
  method: M,
  url: Url,
  body?: unknown,
  options: RequestOptions = {},
): Promise<ApiResponse<NoInfer<M>, NoInfer<Url>>> {
  return request(method, url, body, options) as Promise<ApiResponse<M, Url>>;
}

export type ConditionalGetResult<T> =
  | { notModified: true; etag: string | null }
  | { notModified: false; data: T; etag: string | null };

/**
 * A GET that revalidates with `If-None-Match`: a 304 comes back as `{notModified: true}` (no body to parse),
 * anything else as `apiRequest` would answer it. The browser cache is bypassed so the 304 reaches us.
 */
export async function apiConditionalGet<Url extends ApiUrl<"GET">>(
  url: Url,
  etag: string | null,
  signal?: AbortSignal,
): Promise<ConditionalGetResult<ApiResponse<"GET", NoInfer<Url>>>> {
  const response = await send("GET", url, undefined, {
    signal,
    cache: "no-store",
    headers: etag ? { "If-None-Match": etag } : undefined,
  });
  const responseEtag = response.headers.get("etag");
  if (response.status === 304) return { notModified: true, etag: responseEtag ?? etag };
  await throwIfNotOk(response);
  return { notModified: false, data: await readJson<ApiResponse<"GET", Url>>(response), etag: responseEtag };
}

/** The query function of `apiQuery`: GET the first element of the query key (typed by its address there). */
export function getQueryFn(options: { on401: "returnNull" | "throw" }): QueryFunction<unknown> {
  return async ({ queryKey, signal }) => {
    const response = await send("GET", String(queryKey[0]), undefined, { signal });
    if (response.ok) return readJson<unknown>(response);
    const error = await errorOf(response);
    if (options.on401 === "returnNull" && error.code === "unauthenticated") return null;
    throw error;
  };
}

/** The text to show in a toast for a failed call: the server's message, the network message, or the fallback. */
export function errorMessage(error: unknown, fallback: string): string {
  if (error instanceof NetworkError) return NETWORK_ERROR_MESSAGE;
  if (error instanceof ApiError) return error.body?.error || fallback;
  return fallback;
}

/** The code of a failed call, or undefined for a network failure or an answer from outside our API. */
export function errorCodeOf(error: unknown): ErrorCode | undefined {
  return error instanceof ApiError ? error.code : undefined;
}

/** The per-field messages of a 400 validation answer, if any. */
export function fieldErrors(error: unknown): Record<string, string> {
  return error instanceof ApiError ? (error.body?.fields ?? {}) : {};
}
