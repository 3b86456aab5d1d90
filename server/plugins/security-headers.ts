import helmet from "@fastify/helmet";
import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";

/** Stripe's published CSP for Stripe.js and the Payment Element (Stripe's security guide). */
const STRIPE = {
  script: ["https://js.stripe.com", "https://*.js.stripe.com"],
  frame: ["https://js.stripe.com", "https://*.js.stripe.com", "https://hooks.stripe.com"],
  connect: ["https://api.stripe.com"],
};

/**
 * Security headers on every response. The CSP allows only our own origin, plus Stripe's hosts when Stripe
 * is configured, and images from the object store's public address when it has one. Styles allow inline because Radix and sonner set inline style attributes.
 */
export const securityHeadersPlugin = fp(
  async (app: FastifyInstance, opts: { stripeEnabled: boolean; https: boolean; imageOrigins: string[] }) => {
    const extra = (list: string[]) => (opts.stripeEnabled ? list : []);
    await app.register(helmet, {
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
  },
  { name: "tagit-security-headers" },
);
