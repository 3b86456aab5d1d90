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

/** The streams one instance holds, with the per-member and global caps; indexed by member, as 10,000 may be open. */
export function createLiveStreams(limits: { perMember: number; total: number } = LIVE_STREAMS) {
  const byMember = new Map<string, Set<Stream>>();
  let size = 0;
  const all = () => [...byMember.values()].flatMap((streams) => [...streams]);
  return {
    /** Why a new stream is refused, if it is. */
    refusal(userId: string): "member_full" | "full" | undefined {
      if (size >= limits.total) return "full";
      if ((byMember.get(userId)?.size ?? 0) >= limits.perMember) return "member_full";
      return undefined;
    },
    add(stream: Stream) {
      const own = byMember.get(stream.userId) ?? new Set();
      byMember.set(stream.userId, own.add(stream));
      size += 1;
      return () => {
        if (!own.delete(stream)) return;
        size -= 1;
        if (own.size === 0) byMember.delete(stream.userId);
      };
    },
    end(signal: SessionEnd) {
      const candidates = "sessionId" in signal ? all() : [...(byMember.get(signal.userId) ?? [])];
      for (const stream of candidates) {
        const ended =
          "sessionId" in signal
            ? stream.sessionId === signal.sessionId
            : stream.sessionId !== signal.exceptSessionId;
        if (ended) stream.close();
      }
    },
    /** Ends every stream, each asked to reconnect after `reconnectAfterMs()`. */
    closeAll(reconnectAfterMs: () => number) {
      for (const stream of all()) stream.close(reconnectAfterMs());
    },
    get size() {
      return size;
    },
  };
}

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

export type LiveStreams = ReturnType<typeof createLiveStreams>;

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
      const ended = await sessions.endAllForUser(userId, exceptSessionId);
      announce({ userId, exceptSessionId });
      return ended;
    },
  };
}
