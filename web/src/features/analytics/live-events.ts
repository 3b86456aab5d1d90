/** What the live stream (GET /api/events) delivers to the app. */
export type LiveEventHandlers = {
  analytics(data: string): void;
  notice(data: string): void;
};

type Source = Pick<EventSource, "addEventListener" | "close" | "readyState"> & {
  onerror: ((event: Event) => void) | null;
};

type Options = {
  /** For tests: the EventSource constructor and the timer. */
  createSource?: (url: string) => Source;
  setTimer?: (run: () => void, ms: number) => unknown;
  clearTimer?: (timer: unknown) => void;
};

const URL_PATH = "/api/events";
/** After a refusal, a new stream is opened after this long, doubling up to the maximum while refusals go on. */
const REOPEN_MS = 5_000;
const REOPEN_MAX_MS = 60_000;
const CLOSED = 2; // EventSource.CLOSED

/**
 * Opens the member's live stream and keeps it open. The browser reconnects by itself after a dropped
 * connection, sending `Last-Event-ID`, and the server replays what was missed (an instance shutting down ends
 * its streams that way). After a refusal (a 503 from an instance going away, a 429) the browser gives up, so a
 * new stream is opened after a while, saying where the last one stood (`?lastEventId=`). Answers how to stop.
 */
export function openLiveEvents(handlers: LiveEventHandlers, options: Options = {}): () => void {
  const createSource = options.createSource ?? ((url: string) => new EventSource(url));
  const setTimer = options.setTimer ?? ((run: () => void, ms: number) => setTimeout(run, ms));
  const clearTimer = options.clearTimer ?? ((timer: unknown) => clearTimeout(timer as number));
  let lastEventId = "";
  let refusals = 0;
  let timer: unknown;
  let source: Source | undefined;

  const remember = (message: Event) => {
    const id = (message as MessageEvent).lastEventId;
    if (id) lastEventId = id;
  };
  const open = () => {
    const current = createSource(
      lastEventId ? `${URL_PATH}?lastEventId=${encodeURIComponent(lastEventId)}` : URL_PATH,
    );
    source = current;
    current.addEventListener("ready", (message) => {
      remember(message);
      refusals = 0;
    });
    current.addEventListener("analytics", (message) => {
      remember(message);
      handlers.analytics((message as MessageEvent<string>).data);
    });
    current.addEventListener("notice", (message) => {
      remember(message);
      handlers.notice((message as MessageEvent<string>).data);
    });
    current.onerror = () => {
      if (current.readyState !== CLOSED || source !== current) return;
      const delay = Math.min(REOPEN_MAX_MS, REOPEN_MS * 2 ** refusals);
      refusals += 1;
      timer = setTimer(open, delay);
    };
  };
  open();
  return () => {
    clearTimer(timer);
    const current = source;
    source = undefined;
    current?.close();
  };
}
