import type { IncomingMessage, ServerResponse } from "node:http";
import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import helmet, { type HelmetOptions } from "helmet";

/** Stripe's published CSP for Stripe.js and the Payment Element (Stripe's security guide). */
const STRIPE = {
  script: ["https://js.stripe.com", "https://*.js.stripe.com"],
  frame: ["https://js.stripe.com", "https://*.js.stripe.com", "https://hooks.stripe.com"],
  connect: ["https://api.stripe.com"],
};

/**
 * The headers helmet sets for these options, worked out once. (@fastify/helmet builds helmet's middleware again
 * for every request, parsing the CSP each time: a fifth of the 3-second analytics poll's cost.)
 */
function helmetHeaders(options: HelmetOptions) {
  const headers: Record<string, string> = {};
  const res = {
    setHeader: (name: string, value: unknown) => {
      headers[name.toLowerCase()] = String(value);
    },
    removeHeader: () => {},
  } as unknown as ServerResponse;
  helmet(options)({} as IncomingMessage, res, () => {});
  return headers;
}

/**
 * Security headers on every response. The CSP allows only our own origin, plus Stripe's hosts when Stripe
 * is configured, and images from the object store's public address when it has one. Styles allow inline
 * because Radix and sonner set inline style attributes.
 */
export const securityHeadersPlugin = fp(
  async (app: FastifyInstance, opts: { stripeEnabled: boolean; https: boolean; imageOrigins: string[] }) => {
    const extra = (list: string[]) => (opts.stripeEnabled ? list : []);
    const headers = helmetHeaders({
      contentSecurityPolicy: {
        useDefaults: false,
        directives: {
          defaultSrc: ["'self'"],
          scriptSrc: ["'self'", ...extra(STRIPE.script)],
          styleSrc: ["'self'", "'unsafe-inline'"],
          imgSrc: ["'self'", "data:", "blob:", ...opts.imageOrigins],
          fontSrc: ["'self'", "data:"],
          connectSrc: ["'self'", ...extra(STRIPE.connect)],
          frameSrc: opts.stripeEnabled ? STRIPE.frame : ["'none'"],
          mediaSrc: ["'self'", "blob:"],
          objectSrc: ["'none'"],
          baseUri: ["'self'"],
          formAction: ["'self'"],
          frameAncestors: ["'none'"],
        },
      },
      frameguard: { action: "deny" },
      // HSTS only means something, and only belongs, on an HTTPS deployment.
      hsts: opts.https ? { maxAge: 31_536_000, includeSubDomains: true } : false,
      crossOriginEmbedderPolicy: false,
      referrerPolicy: { policy: "strict-origin-when-cross-origin" },
    });
    app.addHook("onRequest", (_request, reply, done) => {
      reply.headers(headers);
      done();
    });
  },
  { name: "tagit-security-headers" },
);
