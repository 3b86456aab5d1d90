import { z } from "zod";

// The live-event stream, GET /api/events: server-sent events, not JSON. Each `analytics` event's data is an
// `AnalyticsEvent` (analytics.ts), each `notice` event's a `Notice` (notices.ts); `ready` ends the opening.

/** A stream position the client sends back; anything else (foreign, malformed, repeated) is ignored, never refused. */
const livePositionSchema = z
  .string()
  .optional()
  .catch(undefined)
  .describe("The `id:` of the last event received: what was missed since is replayed first.");

/** A browser reconnecting by itself sends its position as `Last-Event-ID`. */
export const liveEventsHeadersSchema = z.looseObject({ "last-event-id": livePositionSchema });
/** A client that had to open a new stream sends its position as `?lastEventId=`. */
export const liveEventsQuerySchema = z.looseObject({ lastEventId: livePositionSchema });

/** The stream's text, as the API document shows it. */
export const liveEventStreamSchema = z
  .string()
  .describe("`id:`, `event:` and `data:` (JSON) lines, one blank line after each event.");
