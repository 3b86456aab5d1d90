import type { IncomingMessage, ServerResponse } from "node:http";
import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import helmet, { type HelmetOptions } from "helmet";
import { APP_AFTER_PAINT_SCRIPT_HASH } from "./app-after-paint.ts";

/** Stripe's published CSP for Stripe.js and the Payment Element (Stripe's security guide). */
const STRIPE = {
  script: ["https://js.stripe.com", "https://*.js.stripe.com"],
  frame: ["https://js.stripe.com", "https://*.js.stripe.com", "https://hooks.stripe.com"],
  connect: ["https://api.stripe.com"],
};

/**
 * Browser features no page of the app uses, turned off for its pages and every frame in them: a script that
 * got in cannot reach the camera, the microphone or the member's location, and the browser's interest
 * tracking is not offered. Payment (the Payment Request API behind wallets such as Google Pay) is left only to
 * Stripe's frames, and only when Stripe is configured. Features the app uses or may use (the clipboard
 * of the copy-link buttons, passkeys) keep the browser's default: this origin only.
 */
function permissionsPolicy(stripeEnabled: boolean) {
  const off = [
    "accelerometer",
    "browsing-topics",
    "camera",
    "display-capture",
    "geolocation",
    "gyroscope",
    "hid",
    "idle-detection",
    "magnetometer",
    "microphone",
    "midi",
    "screen-wake-lock",
    "serial",
    "usb",
    "xr-spatial-tracking",
  ].map((feature) => `${feature}=()`);
  const payment = stripeEnabled ? 'payment=(self "https://js.stripe.com")' : "payment=()";
  return [...off, payment].join(", ");
}

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
 * Security headers on every response (with the Permissions-Policy above). The CSP allows only our own origin, plus Stripe's hosts when Stripe
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
          scriptSrc: ["'self'", APP_AFTER_PAINT_SCRIPT_HASH, ...extra(STRIPE.script)],
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
    headers["permissions-policy"] = permissionsPolicy(opts.stripeEnabled);
    app.addHook("onRequest", (_request, reply, done) => {
      reply.headers(headers);
      done();
    });
  },
  { name: "tagit-security-headers" },
);
