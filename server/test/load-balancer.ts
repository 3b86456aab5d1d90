import http from "node:http";
import { MESSAGES } from "#contract/errors.ts";

export type Answer = { status: number; headers: http.IncomingHttpHeaders; body: string; instance: string };
type Request = { method?: string; path: string; headers?: Record<string, string>; body?: string | Buffer };

/** One request on a connection of its own (no keep-alive), so a refusal and a reset are told apart. */
export function send(base: string, { method = "GET", path, headers = {}, body }: Request): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const request = http.request(new URL(path, base), { method, headers, agent: false }, (response) => {
      const chunks: Buffer[] = [];
      response.on("data", (chunk: Buffer) => chunks.push(chunk));
      response.on("end", () =>
        resolve({
          status: response.statusCode ?? 0,
          headers: response.headers,
          body: Buffer.concat(chunks).toString(),
          instance: base,
        }),
      );
      response.on("error", reject);
    });
    request.on("error", reject);
    request.end(body);
  });
}

const refusedConnection = (err: unknown) => (err as { code?: string }).code === "ECONNREFUSED";
const restarting = (answer: Answer) =>
  answer.status === 503 && answer.body.includes(JSON.stringify(MESSAGES.restarting));

/**
 * What a load balancer in front of the instances does, on the client side: round robin over the instances
 * whose /readyz answered 200 at the last check (every `checkEveryMs`), and a request refused before any work
 * (connection refused, or the app's "restarting" 503) sent on to the next instance. Nothing else is retried:
 * any other failure reaches the caller.
 */
export function createLoadBalancer(instances: string[], checkEveryMs = 100) {
  const healthy = new Set(instances);
  let next = 0;
  let stopped = false;
  const check = async () => {
    while (!stopped) {
      await Promise.all(
        instances.map(async (base) => {
          const ok = await send(base, { path: "/readyz" }).then(
            (answer) => answer.status === 200,
            () => false,
          );
          if (ok) healthy.add(base);
          else healthy.delete(base);
        }),
      );
      await new Promise((resolve) => setTimeout(resolve, checkEveryMs));
    }
  };
  const checking = check();
  const pick = () => {
    const candidates = instances.filter((base) => healthy.has(base));
    const pool = candidates.length > 0 ? candidates : instances;
    next = (next + 1) % pool.length;
    return pool.slice(next).concat(pool.slice(0, next));
  };

  return {
    /** The instances in the order this request will try them. */
    pick,
    async request(request: Request): Promise<Answer & { retried: number }> {
      let retried = 0;
      let lastError: unknown;
      for (const base of pick()) {
        try {
          const answer = await send(base, request);
          if (!restarting(answer)) return { ...answer, retried };
          lastError = new Error(`${base} is restarting`);
        } catch (err) {
          if (!refusedConnection(err)) throw err;
          lastError = err;
        }
        retried += 1;
      }
      throw lastError;
    },
    async stop() {
      stopped = true;
      await checking;
    },
  };
}
