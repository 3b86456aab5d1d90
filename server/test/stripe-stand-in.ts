import { randomBytes } from "node:crypto";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import Stripe from "stripe";

/**
 * A small stand-in for the part of Stripe's REST API that Tagit calls, so the real SDK runs offline: the same
 * paths, form-encoded parameters, Bearer key, Idempotency-Key replays and JSON objects (API 2026-10-28), and
 * the webhook events Stripe would send for what happens to a subscription.
 */

type SubscriptionState = {
  id: string;
  customer: string;
  price: string;
  status: string;
  cancelAtPeriodEnd: boolean;
  periodStart: number;
  periodEnd: number;
  /** The latest invoice: the first one, or a renewal's. */
  invoiceId: string;
  invoicePaid: boolean;
  invoiceCreated: number;
  billingReason: "subscription_create" | "subscription_cycle";
  paymentIntentId: string;
  defaultPaymentMethod: string | null;
  metadata: Record<string, string>;
};

type PaymentMethodState = { id: string; customer: string | null; last4: string };
type SetupIntentState = {
  id: string;
  clientSecret: string;
  customer: string;
  metadata: Record<string, string>;
  status: string;
  paymentMethod: string | null;
};

export type RecordedRequest = {
  method: string;
  path: string;
  params: URLSearchParams;
  stripeVersion: string | undefined;
  idempotencyKey: string | undefined;
};

const id = (prefix: string) => `${prefix}_${randomBytes(10).toString("hex")}`;
const MONTH_SECONDS = 30 * 24 * 60 * 60;

function stripeError(
  res: ServerResponse,
  status: number,
  message: string,
  type = "invalid_request_error",
  code?: string,
) {
  res.writeHead(status, { "content-type": "application/json" });
  res.end(JSON.stringify({ error: { type, message, ...(code && { code }) } }));
}

function metadataOf(params: URLSearchParams) {
  const metadata: Record<string, string> = {};
  for (const [key, value] of params) {
    const match = /^metadata\[(.+)\]$/.exec(key);
    if (match?.[1]) metadata[match[1]] = value;
  }
  return metadata;
}

type StandInOptions = {
  secretKey: string;
  priceId: string;
  amountMinor: number;
  port?: number;
  /**
   * For browser journeys: Stripe.js's confirmation call (`POST /v1/payment_intents/:id/confirm` with the
   * publishable key) is answered too, and what it causes is delivered as signed webhooks to `webhookUrl`.
   */
  browser?: { publishableKey: string; webhookUrl: string; webhookSecret: string };
};

/** Stripe's test cards, as Stripe.js confirmations treat them. */
const DECLINED_CARD = "4000000000000002";
const PAYING_CARD = "4242424242424242";
/** Saved fine, but every charge to it fails. */
const CHARGE_FAILS_CARD = "4000000000000341";

export async function startStripeStandIn(options: StandInOptions) {
  const customers = new Map<string, { id: string; email: string; name: string }>();
  const subscriptions = new Map<string, SubscriptionState>();
  const replays = new Map<string, { params: string; body: string }>();
  const setupIntents = new Map<string, SetupIntentState>();
  const paymentMethods = new Map<string, PaymentMethodState>();
  /** Events caused by API calls (paying an invoice, confirming a setup), oldest first, for tests to deliver. */
  const emitted: unknown[] = [];
  const requests: RecordedRequest[] = [];
  let fixedNow: number | undefined;
  const nowSeconds = () => fixedNow ?? Math.floor(Date.now() / 1000);

  const subscriptionObject = (sub: SubscriptionState, expandInvoice: boolean) => ({
    id: sub.id,
    object: "subscription",
    customer: sub.customer,
    status: sub.status,
    cancel_at_period_end: sub.cancelAtPeriodEnd,
    cancel_at: sub.cancelAtPeriodEnd ? sub.periodEnd : null,
    created: sub.periodStart,
    metadata: sub.metadata,
    items: {
      object: "list",
      data: [
        {
          id: `si_${sub.id.slice(4)}`,
          object: "subscription_item",
          price: { id: sub.price, object: "price", unit_amount: options.amountMinor, currency: "gbp" },
          current_period_start: sub.periodStart,
          current_period_end: sub.periodEnd,
        },
      ],
      has_more: false,
    },
    default_payment_method: sub.defaultPaymentMethod,
    latest_invoice: expandInvoice ? invoiceObject(sub) : sub.invoiceId,
  });

  const invoiceObject = (sub: SubscriptionState, paid = sub.invoicePaid) => ({
    id: sub.invoiceId,
    object: "invoice",
    customer: sub.customer,
    currency: "gbp",
    created: sub.invoiceCreated,
    billing_reason: sub.billingReason,
    hosted_invoice_url: `https://invoice.stripe.com/i/acct_standin/${sub.invoiceId}`,
    status: paid ? "paid" : "open",
    amount_due: options.amountMinor,
    amount_paid: paid ? options.amountMinor : 0,
    confirmation_secret: {
      client_secret: `${sub.paymentIntentId}_secret_${randomBytes(8).toString("hex")}`,
      type: "payment_intent",
    },
    parent: {
      type: "subscription_details",
      quote_details: null,
      subscription_details: { subscription: sub.id, metadata: sub.metadata },
    },
    lines: {
      object: "list",
      data: [
        {
          id: `il_${sub.invoiceId.slice(3)}`,
          object: "line_item",
          amount: options.amountMinor,
          currency: "gbp",
          period: { start: sub.periodStart, end: sub.periodEnd },
        },
      ],
      has_more: false,
    },
  });

  function route(method: string, path: string, params: URLSearchParams, res: ServerResponse) {
    const send = (body: unknown) => {
      res.writeHead(200, { "content-type": "application/json", "request-id": id("req") });
      res.end(JSON.stringify(body));
    };
    if (method === "POST" && path === "/v1/customers") {
      const customer = { id: id("cus"), email: params.get("email") ?? "", name: params.get("name") ?? "" };
      customers.set(customer.id, customer);
      return send({ ...customer, object: "customer", metadata: metadataOf(params) });
    }
    const customerPath = /^\/v1\/customers\/(\w+)$/.exec(path);
    if (method === "POST" && customerPath) {
      const customer = customers.get(customerPath[1] ?? "");
      if (!customer) return stripeError(res, 404, `No such customer: '${customerPath[1]}'`);
      customer.email = params.get("email") ?? customer.email;
      customer.name = params.get("name") ?? customer.name;
      return send({ ...customer, object: "customer" });
    }
    if (method === "POST" && path === "/v1/subscriptions") {
      const customer = params.get("customer") ?? "";
      if (!customers.has(customer)) return stripeError(res, 400, `No such customer: '${customer}'`);
      const price = params.get("items[0][price]");
      if (price !== options.priceId) return stripeError(res, 400, `No such price: '${price}'`);
      const sub: SubscriptionState = {
        id: id("sub"),
        customer,
        price,
        status: params.get("payment_behavior") === "default_incomplete" ? "incomplete" : "active",
        cancelAtPeriodEnd: false,
        periodStart: nowSeconds(),
        periodEnd: nowSeconds() + MONTH_SECONDS,
        invoiceId: id("in"),
        invoicePaid: false,
        invoiceCreated: nowSeconds(),
        billingReason: "subscription_create",
        paymentIntentId: id("pi"),
        defaultPaymentMethod: null,
        metadata: metadataOf(params),
      };
      subscriptions.set(sub.id, sub);
      const expand = [...params.entries()].some(
        ([key, value]) => key.startsWith("expand[") && value === "latest_invoice.confirmation_secret",
      );
      return send(subscriptionObject(sub, expand));
    }
    const update = /^\/v1\/subscriptions\/([\w]+)$/.exec(path);
    if (method === "GET" && update) {
      const sub = subscriptions.get(update[1] ?? "");
      if (!sub) {
        return stripeError(res, 404, `No such subscription: '${update[1]}'`, undefined, "resource_missing");
      }
      return send(subscriptionObject(sub, false));
    }
    if (method === "POST" && update) {
      const sub = subscriptions.get(update[1] ?? "");
      if (!sub) return stripeError(res, 404, `No such subscription: '${update[1]}'`);
      if (params.has("cancel_at_period_end"))
        sub.cancelAtPeriodEnd = params.get("cancel_at_period_end") === "true";
      sub.defaultPaymentMethod = params.get("default_payment_method") ?? sub.defaultPaymentMethod;
      return send(subscriptionObject(sub, false));
    }
    if (method === "DELETE" && update) {
      const sub = subscriptions.get(update[1] ?? "");
      if (!sub) return stripeError(res, 404, `No such subscription: '${update[1]}'`);
      sub.status = "canceled";
      return send(subscriptionObject(sub, false));
    }
    if (method === "GET" && path === "/v1/invoice_payments") {
      const paymentIntent = params.get("payment[payment_intent]");
      const sub = [...subscriptions.values()].find((s) => s.paymentIntentId === paymentIntent);
      const data = sub
        ? [
            {
              id: id("inpay"),
              object: "invoice_payment",
              invoice: sub.invoiceId,
              status: "paid",
              payment: { type: "payment_intent", payment_intent: sub.paymentIntentId },
            },
          ]
        : [];
      return send({ object: "list", data, has_more: false, url: "/v1/invoice_payments" });
    }
    return cardRoutes(method, path, params, send, res);
  }

  /** Card changes: setup intents, payment methods, and paying an open invoice with the new card. */
  function cardRoutes(
    method: string,
    path: string,
    params: URLSearchParams,
    send: (body: unknown) => void,
    res: ServerResponse,
  ) {
    if (method === "POST" && path === "/v1/setup_intents") {
      const customer = params.get("customer") ?? "";
      if (!customers.has(customer)) return stripeError(res, 400, `No such customer: '${customer}'`);
      const intentId = id("seti");
      const intent: SetupIntentState = {
        id: intentId,
        clientSecret: `${intentId}_secret_${randomBytes(8).toString("hex")}`,
        customer,
        metadata: metadataOf(params),
        status: "requires_payment_method",
        paymentMethod: null,
      };
      setupIntents.set(intent.id, intent);
      return send(setupIntentObject(intent));
    }
    const methodPath = /^\/v1\/payment_methods\/(\w+)$/.exec(path);
    if (method === "GET" && methodPath) {
      const pm = paymentMethods.get(methodPath[1] ?? "");
      if (!pm) return stripeError(res, 404, `No such PaymentMethod: '${methodPath[1]}'`);
      return send(paymentMethodObject(pm));
    }
    if (method === "GET" && path === "/v1/invoices") {
      const sub = subscriptions.get(params.get("subscription") ?? "");
      const open = sub && !sub.invoicePaid && params.get("status") === "open" ? [invoiceObject(sub)] : [];
      return send({ object: "list", data: open, has_more: false, url: "/v1/invoices" });
    }
    const payPath = /^\/v1\/invoices\/(\w+)\/pay$/.exec(path);
    if (method === "POST" && payPath) {
      const sub = [...subscriptions.values()].find((s) => s.invoiceId === payPath[1]);
      if (!sub) return stripeError(res, 404, `No such invoice: '${payPath[1]}'`);
      if (sub.invoicePaid) return stripeError(res, 400, "Invoice is already paid");
      const pm = paymentMethods.get(params.get("payment_method") ?? sub.defaultPaymentMethod ?? "");
      if (!pm || pm.last4 === CHARGE_FAILS_CARD.slice(-4)) {
        return stripeError(res, 402, "Your card was declined.", "card_error");
      }
      const { invoicePaid, subscriptionUpdated } = standIn.pay(sub.id, new Date(nowSeconds() * 1000));
      emitted.push(subscriptionUpdated, invoicePaid);
      deliverSoon([subscriptionUpdated, invoicePaid]);
      return send(invoiceObject(sub));
    }
    return stripeError(res, 404, `Unrecognized request URL (${method}: ${path})`);
  }

  const setupIntentObject = (intent: SetupIntentState) => ({
    id: intent.id,
    object: "setup_intent",
    client_secret: intent.clientSecret,
    customer: intent.customer,
    metadata: intent.metadata,
    status: intent.status,
    usage: "off_session",
    payment_method: intent.paymentMethod,
  });

  const paymentMethodObject = (pm: PaymentMethodState) => ({
    id: pm.id,
    object: "payment_method",
    type: "card",
    customer: pm.customer,
    card: { brand: "visa", last4: pm.last4, exp_month: 12, exp_year: 2034 },
  });

  /**
   * What Stripe.js's confirmSetup does with a card: 4000…0002 is declined; 4242… and 4000…0341 are saved to
   * the customer (0341 fails when charged), and setup_intent.succeeded follows.
   */
  function confirmSetupIntent(intentId: string, cardNumber: string) {
    const intent = setupIntents.get(intentId);
    if (!intent)
      return { status: 400, error: { type: "invalid_request_error", message: "No such setup_intent" } };
    if (cardNumber === DECLINED_CARD) {
      return {
        status: 402,
        error: {
          type: "card_error",
          code: "card_declined",
          decline_code: "generic_decline",
          message: "Your card was declined.",
        },
      };
    }
    if (cardNumber !== PAYING_CARD && cardNumber !== CHARGE_FAILS_CARD) {
      return { status: 402, error: { type: "card_error", message: "Your card number is incorrect." } };
    }
    const pm: PaymentMethodState = { id: id("pm"), customer: intent.customer, last4: cardNumber.slice(-4) };
    paymentMethods.set(pm.id, pm);
    intent.paymentMethod = pm.id;
    intent.status = "succeeded";
    const succeeded = event("setup_intent.succeeded", setupIntentObject(intent), nowSeconds());
    emitted.push(succeeded);
    return { status: 200, body: setupIntentObject(intent), succeeded };
  }

  /** In browser journeys, Stripe's webhooks for what just happened, sent after answering. */
  function deliverSoon(events: unknown[]) {
    const browser = options.browser;
    if (!browser) return;
    setTimeout(async () => {
      for (const item of events) {
        const { payload, signature } = signedDelivery(item, browser.webhookSecret, new Date());
        await fetch(browser.webhookUrl, {
          method: "POST",
          headers: { "content-type": "application/json; charset=utf-8", "stripe-signature": signature },
          body: payload,
        }).catch(() => undefined);
      }
    }, 300);
  }

  /** What Stripe.js sends when the Payment Element confirms: authorised by the publishable key. */
  function confirmFromBrowser(path: string, params: URLSearchParams, res: ServerResponse) {
    const browser = options.browser;
    const paymentIntentId = /^\/v1\/payment_intents\/(\w+)\/confirm$/.exec(path)?.[1];
    const sub = [...subscriptions.values()].find((s) => s.paymentIntentId === paymentIntentId);
    if (!browser || params.get("key") !== browser.publishableKey) {
      return stripeError(res, 401, "Invalid API Key provided");
    }
    if (!sub || !params.get("client_secret")?.startsWith(`${sub.paymentIntentId}_secret_`)) {
      return stripeError(res, 400, "No such payment_intent");
    }
    const card = params.get("payment_method_data[card][number]")?.replace(/\s/g, "");
    if (card === DECLINED_CARD) {
      res.writeHead(402, { "content-type": "application/json" });
      res.end(
        JSON.stringify({
          error: {
            type: "card_error",
            code: "card_declined",
            decline_code: "generic_decline",
            message: "Your card was declined.",
          },
        }),
      );
      return;
    }
    if (card !== PAYING_CARD) return stripeError(res, 402, "Your card number is incorrect.", "card_error");
    const pm: PaymentMethodState = { id: id("pm"), customer: sub.customer, last4: card.slice(-4) };
    paymentMethods.set(pm.id, pm);
    sub.defaultPaymentMethod = pm.id;
    const at = new Date(nowSeconds() * 1000);
    const { invoicePaid, subscriptionUpdated } = standIn.pay(sub.id, at);
    res.writeHead(200, { "content-type": "application/json" });
    res.end(
      JSON.stringify({
        id: sub.paymentIntentId,
        object: "payment_intent",
        status: "succeeded",
        amount: options.amountMinor,
        currency: "gbp",
      }),
    );
    // Stripe delivers webhooks after answering, one request per event.
    deliverSoon([subscriptionUpdated, invoicePaid]);
  }

  /** Stripe.js's confirmSetup (the Payment Element in setup mode), authorised by the publishable key. */
  function confirmSetupFromBrowser(path: string, params: URLSearchParams, res: ServerResponse) {
    const intentId = /^\/v1\/setup_intents\/(\w+)\/confirm$/.exec(path)?.[1] ?? "";
    if (!options.browser || params.get("key") !== options.browser.publishableKey) {
      return stripeError(res, 401, "Invalid API Key provided");
    }
    if (!params.get("client_secret")?.startsWith(`${intentId}_secret_`)) {
      return stripeError(res, 400, "No such setup_intent");
    }
    const card = params.get("payment_method_data[card][number]")?.replace(/\s/g, "") ?? "";
    const answer = confirmSetupIntent(intentId, card);
    res.writeHead(answer.status, { "content-type": "application/json" });
    res.end(JSON.stringify(answer.body ?? { error: answer.error }));
    if (answer.succeeded) deliverSoon([answer.succeeded]);
  }

  function handle(req: IncomingMessage, res: ServerResponse) {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      const url = new URL(req.url ?? "/", "http://stand-in");
      const params = new URLSearchParams(
        req.method === "GET" ? url.search : Buffer.concat(chunks).toString(),
      );
      const header = (name: string) => {
        const value = req.headers[name];
        return typeof value === "string" ? value : undefined;
      };
      const idempotencyKey = header("idempotency-key");
      requests.push({
        method: req.method ?? "",
        path: url.pathname,
        params,
        stripeVersion: header("stripe-version"),
        idempotencyKey,
      });
      if (url.pathname === "/health") {
        res.writeHead(200, { "content-type": "application/json" });
        return res.end('{"ok":true}');
      }
      if (url.pathname.startsWith("/v1/payment_intents/")) {
        res.setHeader("access-control-allow-origin", "*");
        return confirmFromBrowser(url.pathname, params, res);
      }
      if (url.pathname === "/_control/renewal-fails" && options.browser) {
        // The browser journeys' stand-in for Stripe's test clocks: the member's renewal is declined now.
        const customer = [...customers.values()].find((c) => c.email === url.searchParams.get("email"));
        const sub = [...subscriptions.values()].find(
          (s) => s.customer === customer?.id && s.status === "active",
        );
        if (!sub) return stripeError(res, 404, "No active subscription for that e-mail");
        standIn.renewalFails(sub.id, new Date(nowSeconds() * 1000));
        res.writeHead(200, { "content-type": "application/json" });
        return res.end(JSON.stringify({ subscription: sub.id }));
      }
      if (/^\/v1\/setup_intents\/\w+\/confirm$/.test(url.pathname)) {
        res.setHeader("access-control-allow-origin", "*");
        return confirmSetupFromBrowser(url.pathname, params, res);
      }
      if (header("authorization") !== `Bearer ${options.secretKey}`) {
        return stripeError(res, 401, "Invalid API Key provided", "invalid_request_error");
      }
      // Stripe replays a repeated Idempotency-Key's first answer, and refuses it with other parameters.
      const replayKey = idempotencyKey && `${req.method} ${url.pathname} ${idempotencyKey}`;
      const replay = replayKey && replays.get(replayKey);
      if (replay) {
        if (replay.params !== params.toString()) {
          return stripeError(
            res,
            400,
            "Keys for idempotent requests can only be used with the same parameters they were first used with.",
            "idempotency_error",
          );
        }
        res.writeHead(200, { "content-type": "application/json", "idempotent-replayed": "true" });
        res.end(replay.body);
        return;
      }
      if (replayKey) {
        const end = res.end.bind(res);
        res.end = ((body: string) => {
          replays.set(replayKey, { params: params.toString(), body });
          return end(body);
        }) as typeof res.end;
      }
      route(req.method ?? "GET", url.pathname, params, res);
    });
  }

  const server = createServer(handle);
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;

  const event = (type: string, object: unknown, at: number) => ({
    id: id("evt"),
    object: "event",
    api_version: "2026-10-28.endive",
    created: at,
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
    type,
    data: { object },
  });
  const subscriptionOf = (subscriptionId: string) => {
    const sub = subscriptions.get(subscriptionId);
    if (!sub) throw new Error(`The stand-in has no subscription ${subscriptionId}`);
    return sub;
  };
  /** The period ends: the next one starts, with a new renewal invoice (paid, or open and the subscription past_due). */
  const nextPeriod = (subscriptionId: string, at: Date, paid: boolean) => {
    const sub = subscriptionOf(subscriptionId);
    const seconds = Math.floor(at.getTime() / 1000);
    sub.periodStart = sub.periodEnd;
    sub.periodEnd = sub.periodEnd + MONTH_SECONDS;
    sub.invoiceId = id("in");
    sub.invoicePaid = paid;
    sub.invoiceCreated = seconds;
    sub.billingReason = "subscription_cycle";
    sub.paymentIntentId = id("pi");
    sub.status = paid ? "active" : "past_due";
    return { sub, seconds };
  };

  const standIn = {
    url: `http://127.0.0.1:${port}`,
    requests,
    customers,
    /** Stripe's clock for new subscriptions' periods (unix seconds). */
    setNow(date: Date) {
      fixedNow = Math.floor(date.getTime() / 1000);
    },

    /** Events caused by API calls since the last call (a paid invoice, a confirmed setup), oldest first. */
    takeEmitted: () => emitted.splice(0),

    /** The member confirms a card in the Payment Element in setup mode (what Stripe.js would send). */
    confirmSetup(clientSecret: string, cardNumber: string) {
      return confirmSetupIntent(clientSecret.split("_secret_")[0] ?? "", cardNumber);
    },

    /**
     * The period ends and the renewal is declined (the saved card is 4000…0341, or Stripe says so): a new
     * open invoice, the subscription past_due, and the two events Stripe sends.
     */
    renewalFails(subscriptionId: string, at: Date) {
      const { sub, seconds } = nextPeriod(subscriptionId, at, false);
      const events = [
        event("invoice.payment_failed", invoiceObject(sub), seconds),
        event("customer.subscription.updated", subscriptionObject(sub, false), seconds),
      ];
      deliverSoon(events);
      return events;
    },

    /** The period ends and the renewal is paid: a new paid invoice, the next period, and Stripe's two events. */
    renew(subscriptionId: string, at: Date) {
      const { sub, seconds } = nextPeriod(subscriptionId, at, true);
      return [
        event("customer.subscription.updated", subscriptionObject(sub, false), seconds),
        event("invoice.paid", invoiceObject(sub), seconds),
      ];
    },

    /** The member pays the first invoice in the browser: invoice.paid and the subscription turning active. */
    pay(subscriptionId: string, at: Date) {
      const sub = subscriptionOf(subscriptionId);
      sub.status = "active";
      sub.invoicePaid = true;
      const seconds = Math.floor(at.getTime() / 1000);
      return {
        invoicePaid: event("invoice.paid", invoiceObject(sub), seconds),
        subscriptionUpdated: event("customer.subscription.updated", subscriptionObject(sub, false), seconds),
      };
    },

    /** An abandoned incomplete subscription expires after 23 hours. */
    expire(subscriptionId: string, at: Date) {
      const sub = subscriptionOf(subscriptionId);
      sub.status = "incomplete_expired";
      return event(
        "customer.subscription.updated",
        subscriptionObject(sub, false),
        Math.floor(at.getTime() / 1000),
      );
    },

    /** The subscription ends (cancelled in the Dashboard, or its period ended after cancel_at_period_end). */
    end(subscriptionId: string, at: Date) {
      const sub = subscriptionOf(subscriptionId);
      sub.status = "canceled";
      return event(
        "customer.subscription.deleted",
        subscriptionObject(sub, false),
        Math.floor(at.getTime() / 1000),
      );
    },

    /** The first invoice's charge is refunded in full (or partly). */
    refund(subscriptionId: string, at: Date, amountMinor = options.amountMinor) {
      const sub = subscriptionOf(subscriptionId);
      const charge = {
        id: id("ch"),
        object: "charge",
        customer: sub.customer,
        payment_intent: sub.paymentIntentId,
        amount: options.amountMinor,
        amount_refunded: amountMinor,
        refunded: amountMinor >= options.amountMinor,
        currency: "gbp",
      };
      return event("charge.refunded", charge, Math.floor(at.getTime() / 1000));
    },

    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
  return standIn;
}

export type StripeStandIn = Awaited<ReturnType<typeof startStripeStandIn>>;

/** A webhook delivery as Stripe signs it: the raw JSON and its Stripe-Signature header. */
export function signedDelivery(event: unknown, webhookSecret: string, at: Date) {
  const payload = JSON.stringify(event);
  const signature = new Stripe("sk_test_signing_only").webhooks.generateTestHeaderString({
    payload,
    secret: webhookSecret,
    timestamp: Math.floor(at.getTime() / 1000),
  });
  return { payload, signature };
}
