// The simulated clients' side of bench/presence and bench/load: plain node:http with keep-alive (lighter than
// fetch, so one process can play thousands of members), a visitor address per simulated person, and the
// latencies and outcomes of each kind of request.
import http from "node:http";
import { percentile } from "./statistics.ts";

export type Answer = {
  status: number;
  etag: string | undefined;
  /** `Retry-After` in milliseconds, when the answer carried one. */
  retryAfterMs: number | undefined;
  body: string;
  ms: number;
};

const retryAfterMs = (header: string | undefined) =>
  header === undefined || Number.isNaN(Number(header)) ? undefined : Number(header) * 1000;

/** How long to wait before asking again, when `answer` is a refusal by design (429 or 503 with `Retry-After`). */
export function refusalOf(answer: Answer | undefined): number | undefined {
  if (!answer || (answer.status !== 429 && answer.status !== 503)) return undefined;
  return answer.retryAfterMs;
}

const agent = new http.Agent({ keepAlive: true, maxSockets: 256 });

/** One request; never rejects (a failed connection is status 0). The body is kept only when `keepBody`. */
export function request(
  port: number,
  method: "GET" | "POST",
  path: string,
  headers: Record<string, string>,
  body?: string | Buffer,
  keepBody = false,
): Promise<Answer> {
  const started = performance.now();
  return new Promise((resolve) => {
    const req = http.request({ host: "127.0.0.1", port, method, path, headers, agent }, (res) => {
      let text = "";
      if (keepBody) res.setEncoding("utf8").on("data", (chunk: string) => (text += chunk));
      else res.resume();
      res.on("end", () =>
        resolve({
          status: res.statusCode ?? 0,
          etag: res.headers.etag,
          retryAfterMs: retryAfterMs(res.headers["retry-after"]),
          body: text,
          ms: performance.now() - started,
        }),
      );
    });
    req.on("error", () =>
      resolve({
        status: 0,
        etag: undefined,
        retryAfterMs: undefined,
        body: "",
        ms: performance.now() - started,
      }),
    );
    req.end(body);
  });
}

/** A visitor address of its own for each simulated person (the app trusts the bench as its proxy). */
export const addressOf = (n: number) => `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`;

export const memberCookie = (member: number) => `tagit_session=bench-token-${member}`;

/**
 * Opens a member's live stream (GET /api/events) and hands each analytics event's data to `onAnalytics`.
 * Resolves with the open response, or undefined when the stream was refused.
 */
export function openEventStream(
  port: number,
  member: number,
  onAnalytics: (data: { searchTerm: string }) => void,
): Promise<http.IncomingMessage | undefined> {
  return new Promise((resolve) => {
    const headers = { cookie: memberCookie(member), "x-forwarded-for": addressOf(member) };
    const req = http.get({ host: "127.0.0.1", port, path: "/api/events", headers }, (res) => {
      if (res.statusCode !== 200) {
        res.resume();
        return resolve(undefined);
      }
      resolve(res);
      let buffered = "";
      res.setEncoding("utf8");
      res.on("data", (chunk: string) => {
        buffered += chunk;
        let end = buffered.indexOf("\n\n");
        while (end >= 0) {
          const message = buffered.slice(0, end);
          buffered = buffered.slice(end + 2);
          end = buffered.indexOf("\n\n");
          // A message is "field: value" lines (id, event, data); only analytics events are handed on.
          const fields = new Map(
            message
              .split("\n")
              .map((line) => [line.slice(0, line.indexOf(":")), line.slice(line.indexOf(":") + 2)]),
          );
          if (fields.get("event") === "analytics") onAnalytics(JSON.parse(fields.get("data") ?? "{}"));
        }
      });
    });
    req.on("error", () => resolve(undefined));
  });
}

export type Figures = {
  count: number;
  p50: number;
  p99: number;
  statuses: Record<string, number>;
  /** 429 and 503 answers that said when to come back (`Retry-After`): refusals by design, not errors. */
  refused: number;
};

/** Latencies and outcomes of one kind of request, taken (and reset) per measurement. */
export function recorder() {
  let times: number[] = [];
  let statuses = new Map<number, number>();
  let refused = 0;
  return {
    add(answer: Answer) {
      times.push(answer.ms);
      statuses.set(answer.status, (statuses.get(answer.status) ?? 0) + 1);
      if (refusalOf(answer) !== undefined) refused += 1;
    },
    take(): Figures {
      const result = {
        count: times.length,
        p50: percentile(times, 50),
        p99: percentile(times, 99),
        statuses: Object.fromEntries(statuses),
        refused,
      };
      times = [];
      statuses = new Map();
      refused = 0;
      return result;
    },
  };
}

/** Answers that are neither a success nor a deliberate refusal with `Retry-After`. */
export const errorsOf = (f: Figures) =>
  Object.entries(f.statuses)
    .filter(([status]) => !/^[23]/.test(status))
    .reduce((sum, [, n]) => sum + n, 0) - f.refused;
