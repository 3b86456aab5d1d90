import { brotliCompressSync, constants, gzipSync } from "node:zlib";
import { negotiate } from "@fastify/accept-negotiator";
import type { FastifyReply, FastifyRequest } from "fastify";

const ENCODINGS = ["br", "gzip"];
/** A page is compressed as it is sent: a quick brotli level keeps that well under a millisecond. */
const BROTLI_OPTIONS = { params: { [constants.BROTLI_PARAM_QUALITY]: 5 } };

/**
 * Sends an HTML page brotli- or gzip-compressed as the client accepts, or plain. The compression plugin works
 * through routes, and the pages are answered by the not-found handler, which it never sees.
 */
export function sendPage(request: FastifyRequest, reply: FastifyReply, html: string) {
  reply.header("vary", "accept-encoding");
  const encoding = negotiate(String(request.headers["accept-encoding"] ?? ""), ENCODINGS);
  if (encoding === "br")
    return reply.header("content-encoding", "br").send(brotliCompressSync(html, BROTLI_OPTIONS));
  if (encoding === "gzip") return reply.header("content-encoding", "gzip").send(gzipSync(html));
  return reply.send(html);
}
