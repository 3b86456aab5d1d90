import net from "node:net";

/**
 * A TCP proxy a fault test controls, between the app and a real server (Redis, PostgreSQL). `cut()` drops
 * every open connection and answers new ones by hanging up (`"refuse"`) or by never answering (`"silent"`, a
 * network that swallows packets); `restore()` lets connections through again.
 */
export async function startTcpProxy(target: { host: string; port: number }) {
  const sockets = new Set<net.Socket>();
  let mode: "open" | "refuse" | "silent" = "open";
  const server = net.createServer((client) => {
    sockets.add(client);
    client.on("close", () => sockets.delete(client));
    client.on("error", () => client.destroy());
    if (mode === "refuse") return void client.destroy();
    if (mode === "silent") return;
    const upstream = net.connect(target.port, target.host);
    sockets.add(upstream);
    const end = () => {
      client.destroy();
      upstream.destroy();
      sockets.delete(upstream);
    };
    upstream.on("error", end).on("close", end);
    client.on("close", end);
    client.pipe(upstream).pipe(client);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as net.AddressInfo;
  return {
    port,
    cut(how: "refuse" | "silent" = "refuse") {
      mode = how;
      for (const socket of sockets) socket.destroy();
    },
    restore() {
      mode = "open";
    },
    async close() {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

export type TcpProxy = Awaited<ReturnType<typeof startTcpProxy>>;

/** Host and port of a redis:// or postgres:// URL. */
export function hostAndPort(url: string, defaultPort: number) {
  const parsed = new URL(url);
  return { host: parsed.hostname, port: Number(parsed.port || defaultPort) };
}

/** Polls `check` until it passes or a generous limit runs out (faults take a reconnect or two to show). */
export async function eventually<T>(check: () => Promise<T>, limitMs = 20_000): Promise<T> {
  const deadline = Date.now() + limitMs;
  for (;;) {
    try {
      return await check();
    } catch (err) {
      if (Date.now() > deadline) throw err;
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }
}
