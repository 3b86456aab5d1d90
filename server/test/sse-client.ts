/** One server-sent event as a browser's EventSource would see it. */
export type SseEvent = { id: string | undefined; event: string; data: string; retry: number | undefined };

/** Splits a stream's text into complete events (a trailing partial one is left for later). */
export function parseSse(text: string): { events: SseEvent[]; rest: string } {
  const blocks = text.split("\n\n");
  const rest = blocks.pop() ?? "";
  const events = blocks.map((block) => {
    const event: SseEvent = { id: undefined, event: "message", data: "", retry: undefined };
    for (const line of block.split("\n")) {
      const split = line.indexOf(":");
      if (split === 0) continue; // a comment (keep-alive)
      const [field, value] = [line.slice(0, split), line.slice(split + 1).replace(/^ /, "")];
      if (field === "id") event.id = value;
      else if (field === "event") event.event = value;
      else if (field === "data") event.data = value;
      else if (field === "retry") event.retry = Number(value);
    }
    return event;
  });
  return { events, rest };
}

/**
 * A live stream opened with fetch: every event received so far (`events`), waiting for one (`until`), and the
 * last id seen, which a browser would send back as Last-Event-ID on reconnecting.
 */
export async function openSse(url: string, headers: Record<string, string>) {
  const controller = new AbortController();
  const response = await fetch(url, { headers, signal: controller.signal });
  const events: SseEvent[] = [];
  let lastEventId: string | undefined = headers["last-event-id"];
  let ended = false;
  const waiters = new Set<() => void>();
  const notify = () => {
    for (const waiter of waiters) waiter();
  };
  const reading = (async () => {
    const reader = response.body?.getReader();
    if (!reader) return;
    const decoder = new TextDecoder();
    let buffer = "";
    try {
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        const parsed = parseSse(buffer + decoder.decode(value, { stream: true }));
        buffer = parsed.rest;
        for (const event of parsed.events) {
          if (event.id !== undefined) lastEventId = event.id;
          events.push(event);
        }
        notify();
      }
    } catch {
      // Aborted by us, or the connection was cut.
    } finally {
      ended = true;
      notify();
    }
  })();

  /** Resolves once `check` holds of the stream; rejects if the stream ends first. */
  const until = (check: () => boolean, what: string) =>
    new Promise<void>((resolve, reject) => {
      const test = () => {
        if (check()) {
          waiters.delete(test);
          resolve();
        } else if (ended) {
          waiters.delete(test);
          reject(new Error(`the stream ended before ${what}`));
        }
      };
      waiters.add(test);
      test();
    });

  return {
    response,
    events,
    get lastEventId() {
      return lastEventId;
    },
    get ended() {
      return ended;
    },
    /** The data of every event of this type, parsed. */
    data: <T>(type: string) => events.filter((e) => e.event === type).map((e) => JSON.parse(e.data) as T),
    until,
    /** Resolves when the server ends the stream. */
    finished: () => reading,
    close: async () => {
      controller.abort();
      await reading;
    },
  };
}

export type SseStream = Awaited<ReturnType<typeof openSse>>;
