import { afterEach, describe, expect, it, vi } from "vitest";
import {
  ApiError,
  apiConditionalGet,
  apiRequest,
  buildApiError,
  errorMessage,
  fieldErrors,
  getQueryFn,
  NETWORK_ERROR_MESSAGE,
  NetworkError,
} from "./api-request.ts";
import { setReauthenticationPrompt } from "./reauthentication.ts";

function stubFetch(response: Response | Error) {
  const fetchMock = vi.fn(async (_url: string, _init?: RequestInit) => {
    if (response instanceof Error) throw response;
    return response;
  });
  vi.stubGlobal("fetch", fetchMock);
  return fetchMock;
}

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json" } });

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("buildApiError", () => {
  it("formats the message as '<status>: <body text>'", () => {
    const text = '{"error":"An account with this email already exists","code":"email_taken"}';
    const error = buildApiError(409, "Conflict", text);
    expect(error.message).toBe(`409: ${text}`);
    expect(error.status).toBe(409);
    expect(error.body).toEqual({ error: "An account with this email already exists", code: "email_taken" });
    expect(error.code).toBe("email_taken");
  });

  it("falls back to the status text when the body is empty", () => {
    const error = buildApiError(502, "Bad Gateway", "");
    expect(error.message).toBe("502: Bad Gateway");
    expect(error.body).toBeNull();
  });

  it("parses the contract's body and ignores answers that are not one", () => {
    const withFields = buildApiError(
      400,
      "Bad Request",
      '{"error":"Invalid input","code":"validation","fields":{"email":"Bad"}}',
    );
    expect(withFields.body?.fields).toEqual({ email: "Bad" });
    expect(buildApiError(500, "Internal Server Error", "<html>oops</html>").body).toBeNull();
    expect(
      buildApiError(409, "Conflict", '{"error":"Taken","code":"name_taken","suggestions":["a 2026","b"]}')
        .body?.suggestions,
    ).toEqual(["a 2026", "b"]);
    expect(buildApiError(500, "Internal Server Error", "[1,2]").body).toBeNull();
    const foreign = buildApiError(502, "Bad Gateway", '{"error":"upstream down"}');
    expect(foreign.body).toBeNull();
    expect(foreign.code).toBeUndefined();
  });
});

describe("errorMessage", () => {
  it("prefers the server's error field, then the fallback", () => {
    expect(
      errorMessage(
        buildApiError(
          401,
          "Unauthorized",
          '{"error":"Invalid email or password","code":"invalid_credentials"}',
        ),
        "Login failed",
      ),
    ).toBe("Invalid email or password");
    expect(errorMessage(buildApiError(400, "Bad Request", '{"message":"Nope"}'), "x")).toBe("x");
    expect(errorMessage(buildApiError(500, "Internal Server Error", ""), "Login failed")).toBe(
      "Login failed",
    );
    expect(errorMessage(new Error("boom"), "Login failed")).toBe("Login failed");
  });

  it("uses the network message when the request never reached the server", () => {
    expect(errorMessage(new NetworkError(), "Failed to send reset email")).toBe(NETWORK_ERROR_MESSAGE);
  });

  it("exposes validation field messages", () => {
    expect(
      fieldErrors(buildApiError(400, "", '{"error":"x","code":"validation","fields":{"email":"Taken"}}')),
    ).toEqual({
      email: "Taken",
    });
    expect(fieldErrors(new Error("x"))).toEqual({});
  });
});

describe("apiRequest", () => {
  it("sends JSON with a content type only when there is a body, always with credentials", async () => {
    const fetchMock = stubFetch(json({ user: { id: "1" } }));
    await expect(apiRequest("POST", "/api/auth/login", { email: "a@b.co" })).resolves.toEqual({
      user: { id: "1" },
    });
    expect(fetchMock).toHaveBeenCalledWith("/api/auth/login", {
      method: "POST",
      credentials: "include",
      headers: { "Content-Type": "application/json" },
      body: '{"email":"a@b.co"}',
      signal: undefined,
    });

    const bare = stubFetch(json({ success: true }));
    await apiRequest("POST", "/api/logout");
    expect(bare).toHaveBeenCalledWith("/api/logout", {
      method: "POST",
      credentials: "include",
      headers: undefined,
      body: undefined,
      signal: undefined,
    });
  });

  it("returns null for an empty success body", async () => {
    stubFetch(new Response(null, { status: 204 }));
    await expect(apiRequest("DELETE", "/api/blocks/x")).resolves.toBeNull();
  });

  it("throws ApiError with status and parsed body on a non-2xx answer", async () => {
    stubFetch(json({ error: "Invalid email or password" }, 401));
    const error = await apiRequest("POST", "/api/auth/login", {}).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).status).toBe(401);
    expect((error as ApiError).message).toBe('401: {"error":"Invalid email or password"}');
  });

  it("turns a failed fetch into a NetworkError", async () => {
    stubFetch(new TypeError("Failed to fetch"));
    await expect(apiRequest("GET", "/api/profile")).rejects.toBeInstanceOf(NetworkError);
  });
});

describe("getQueryFn", () => {
  const context = (url: string) =>
    ({ queryKey: [url], signal: new AbortController().signal, meta: undefined }) as unknown as Parameters<
      ReturnType<typeof getQueryFn>
    >[0];

  it("GETs the first element of the query key", async () => {
    const fetchMock = stubFetch(json({ id: "m1" }));
    await expect(getQueryFn({ on401: "throw" })(context("/api/profile"))).resolves.toEqual({ id: "m1" });
    expect(fetchMock.mock.calls[0]?.[0]).toBe("/api/profile");
  });

  it("returns null on 401 when asked to, and throws otherwise", async () => {
    stubFetch(json({ error: "Please sign in to continue", code: "unauthenticated" }, 401));
    await expect(getQueryFn({ on401: "returnNull" })(context("/api/profile"))).resolves.toBeNull();
    stubFetch(json({ error: "Please sign in to continue", code: "unauthenticated" }, 401));
    await expect(getQueryFn({ on401: "throw" })(context("/api/profile"))).rejects.toBeInstanceOf(ApiError);
  });
});

describe("apiConditionalGet", () => {
  it("sends If-None-Match, bypasses the browser cache and reports a 304 without parsing a body", async () => {
    const fetchMock = stubFetch(new Response(null, { status: 304, headers: { ETag: 'W/"a-1"' } }));
    await expect(apiConditionalGet("/api/tagg-analytics", 'W/"a-1"')).resolves.toEqual({
      notModified: true,
      etag: 'W/"a-1"',
    });
    const init = fetchMock.mock.calls[0]?.[1];
    expect(init?.headers).toEqual({ "If-None-Match": 'W/"a-1"' });
    expect(init?.cache).toBe("no-store");
  });

  it("returns the data and the new tag on a 200, and throws ApiError on a failure", async () => {
    const fetchMock = stubFetch(
      new Response("[1]", { status: 200, headers: { ETag: 'W/"a-2"', "Content-Type": "application/json" } }),
    );
    await expect(apiConditionalGet("/api/tagg-analytics", null)).resolves.toEqual({
      notModified: false,
      data: [1],
      etag: 'W/"a-2"',
    });
    expect(fetchMock.mock.calls[0]?.[1]?.headers).toBeUndefined();

    stubFetch(json({ error: "Not authenticated", code: "unauthenticated" }, 401));
    await expect(apiConditionalGet("/api/tagg-analytics", null)).rejects.toBeInstanceOf(ApiError);
  });
});

describe("apiRequest and recent authentication", () => {
  const reauthRequired = () =>
    json({ error: "Please enter your password again to continue", code: "reauth_required" }, 403);

  afterEach(() => setReauthenticationPrompt(null));

  it("asks for the password on reauth_required and sends the call again once it is entered", async () => {
    const answers = [reauthRequired(), json({ success: true })];
    const fetchMock = vi.fn(async () => answers.shift() as Response);
    vi.stubGlobal("fetch", fetchMock);
    const prompt = vi.fn(async () => true);
    setReauthenticationPrompt(prompt);

    await expect(apiRequest("DELETE", "/api/profile")).resolves.toEqual({ success: true });
    expect(prompt).toHaveBeenCalledOnce();
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it("gives up with the server's error when the member cancels, or when nothing can ask", async () => {
    stubFetch(reauthRequired());
    setReauthenticationPrompt(async () => false);
    await expect(apiRequest("DELETE", "/api/profile")).rejects.toMatchObject({ code: "reauth_required" });

    setReauthenticationPrompt(null);
    stubFetch(reauthRequired());
    await expect(apiRequest("DELETE", "/api/profile")).rejects.toMatchObject({ code: "reauth_required" });
  });

  it("never asks for any other 403", async () => {
    stubFetch(json({ error: "Admin access required", code: "admin_required" }, 403));
    const prompt = vi.fn(async () => true);
    setReauthenticationPrompt(prompt);
    await expect(apiRequest("GET", "/api/admin/taggs")).rejects.toMatchObject({ code: "admin_required" });
    expect(prompt).not.toHaveBeenCalled();
  });
});
