import type { ServerResponse } from "node:http";
import { LIVE_STREAMS } from "#contract/limits.ts";
import type { EventBus, SessionEnd } from "#server/lib/event-bus.ts";
import type { SessionsService } from "#server/modules/auth/sessions.service.ts";

/** The bus key session ends travel on, so every instance closes the streams it holds. */
export const SESSION_CONTROL = "session-control";

/** A slow reader is dropped once this much is waiting to be written, instead of buffering without limit. */
export const MAX_BUFFERED_BYTES = 64 * 1024;

/** `close(ms)` ends a stream asking the browser to reconnect after `ms` (the instance is shutting down). */
type Stream = { userId: string; sessionId: string; close(reconnectAfterMs?: number): void };

/** The streams one instance holds, with the per-member and global caps. */
export function createLiveStreams(limits: { perMember: number; total: number } = LIVE_STREAMS) {
  const streams = new Set<Stream>();
  const ofMember = (userId: string) => [...streams].filter((stream) => stream.userId === userId);
  return {
    /** Why a new stream is refused, if it is. */
    refusal(userId: string): "member_full" | "full" | undefined {
      if (streams.size >= limits.total) return "full";
      if (ofMember(userId).length >= limits.perMember) return "member_full";
      return undefined;
    },
    add(stream: Stream) {
      streams.add(stream);
      return () => streams.delete(stream);
    },
    end(signal: SessionEnd) {
      for (const stream of [...streams]) {
        const ended =
          "sessionId" in signal
            ? stream.sessionId === signal.sessionId
            : stream.userId === signal.userId && stream.sessionId !== signal.exceptSessionId;
        if (ended) stream.close();
      }
    },
    /** Ends every stream, each asked to reconnect after `reconnectAfterMs()`. */
    closeAll(reconnectAfterMs: () => number) {
      for (const stream of [...streams]) stream.close(reconnectAfterMs());
    },
    get size() {
      return streams.size;
    },
  };
}

export type LiveStreams = ReturnType<typeof createLiveStreams>;

/**
 * Writes to a stream, ending it when the reader falls behind: `res.write` buffers whatever the socket cannot
 * take, so without this one stalled client would hold every event in memory.
 */
export function boundedWriter(res: Pick<ServerResponse, "write" | "writableLength">, onOverflow: () => void) {
  return (chunk: string) => {
    if (res.writableLength + chunk.length > MAX_BUFFERED_BYTES) onOverflow();
    else res.write(chunk);
  };
}

/** Session ends announced on the bus (every instance hears them), so streams end with their session. */
export function announceSessionEnds(sessions: SessionsService, events: EventBus): SessionsService {
  const announce = (data: SessionEnd) => events.publish(SESSION_CONTROL, { type: "session_ended", data });
  return {
    ...sessions,
    async end(sessionId) {
      await sessions.end(sessionId);
      announce({ sessionId });
    },
    async endAllForUser(userId, exceptSessionId) {
      await sessions.endAllForUser(userId, exceptSessionId);
      announce({ userId, exceptSessionId });
    },
  };
}
