// The flood scenario: far more connections than a server can serve, each sending its next request the moment it
// has an answer and ignoring Retry-After (as a botnet or a broken client does), each request from an address of
// its own so no per-address limit applies. Measured beside the same server's throughput at a modest concurrency
// in the same run: what matters is how much of that it still serves (goodput), how fast it serves what it
// serves, and that everything else is refused quickly with Retry-After rather than left to time out.
import autocannon from "autocannon";
import { percentile } from "./statistics.ts";

export type FloodRequest = { path: string; headers?: Record<string, string> };

export type FloodFigures = {
  connections: number;
  /** Answers 2xx a second. */
  goodput: number;
  /** p99 of the 2xx answers, ms. */
  servedP99: number;
  refused: number;
  /** p99 of the refusals (503/429), ms. */
  refusedP99: number;
  /** Refusals without a Retry-After header. */
  refusedWithoutRetryAfter: number;
  /** Answers neither 2xx nor a refusal. */
  otherErrors: number;
  timeouts: number;
};

/** Loads `port` with `connections` clients for `duration` s and sorts every answer into served and refused. */
export async function flood(
  port: number,
  makeRequest: () => FloodRequest,
  { connections, duration }: { connections: number; duration: number },
): Promise<FloodFigures> {
  const served: number[] = [];
  const refused: number[] = [];
  let otherErrors = 0;
  let refusedWithoutRetryAfter = 0;
  const result = await autocannon({
    url: `http://127.0.0.1:${port}`,
    connections,
    duration,
    timeout: 10,
    requests: [
      {
        setupRequest: (req) => ({ ...req, method: "GET", ...makeRequest() }),
        onResponse: (status, _body, _context, headers) => {
          const refusal = status === 503 || status === 429;
          if (refusal && !Object.keys(headers ?? {}).some((name) => name.toLowerCase() === "retry-after"))
            refusedWithoutRetryAfter += 1;
        },
      },
    ],
    setupClient: (client) => {
      client.on("response", (status: number, _bytes: number, responseTime: number) => {
        if (status >= 200 && status < 300) served.push(responseTime);
        else if (status === 503 || status === 429) refused.push(responseTime);
        else otherErrors += 1;
      });
    },
  });
  return {
    connections,
    goodput: served.length / duration,
    servedP99: Math.round(percentile(served, 99)),
    refused: refused.length,
    refusedP99: Math.round(percentile(refused, 99)),
    refusedWithoutRetryAfter,
    otherErrors,
    timeouts: result.timeouts,
  };
}

export const FLOOD_HEADER =
  "connections  served/s  served p99  ratio to modest  refused  refused p99  no Retry-After  other errors  timeouts";

/** One line of the flood table: `modest` is the same server's run at a modest concurrency, the baseline. */
export function floodLine(figures: FloodFigures, modest: FloodFigures) {
  const f = figures;
  return `${String(f.connections).padStart(11)}  ${f.goodput.toFixed(0).padStart(8)}  ${`${f.servedP99} ms`.padStart(10)}  ${(f.goodput / modest.goodput).toFixed(2).padStart(15)}  ${String(f.refused).padStart(7)}  ${`${f.refusedP99} ms`.padStart(11)}  ${String(f.refusedWithoutRetryAfter).padStart(14)}  ${String(f.otherErrors).padStart(12)}  ${String(f.timeouts).padStart(8)}`;
}

/** Several instances' figures for the same flood as one: counts add up, each p99 is the worst instance's. */
export function mergeFloods(all: FloodFigures[]): FloodFigures {
  const sum = (pick: (f: FloodFigures) => number) => all.reduce((total, f) => total + pick(f), 0);
  const worst = (pick: (f: FloodFigures) => number) => Math.max(...all.map(pick));
  return {
    connections: sum((f) => f.connections),
    goodput: sum((f) => f.goodput),
    servedP99: worst((f) => f.servedP99),
    refused: sum((f) => f.refused),
    refusedP99: worst((f) => f.refusedP99),
    refusedWithoutRetryAfter: sum((f) => f.refusedWithoutRetryAfter),
    otherErrors: sum((f) => f.otherErrors),
    timeouts: sum((f) => f.timeouts),
  };
}
