import { createHash } from "node:crypto";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo, Socket } from "node:net";
import canonicalize from "canonicalize";
import type { WebhookDelivery } from "@/lib/integrations/payments/payment-provider";
import { type FakeRefund, type FakeRefundStatus, FakeStripeAccount } from "./fake-stripe-account";
import { FakeStripeError } from "./fake-stripe-errors";
import { parseStripeForm } from "./form-body";
import { IdempotencyStore, type StoredResponse } from "./idempotency-store";
import { routeStripeRequest } from "./stripe-routes";
import { stripeSignatureHeader } from "./webhook-signing";

/*
 * A stateful Stripe for tests, on 127.0.0.1 over real HTTP, that the official SDK talks to as it
 * would talk to api.stripe.com: Bearer keys, form bodies, JSON errors, idempotency with replay
 * and pruning on a simulated clock, and signed webhook deliveries. Tests drive what Stripe does
 * next (a refund starting pending, settling, failing days later, a lost answer).
 */

/**
 * What happens to the next create:
 * - `timeout_before_processing`: the request is never processed or answered (the client times out);
 * - `timeout_after_processing`: the refund is made and stored under its key, and the answer never
 *   comes (the client times out);
 * - `connection_reset_after_processing`: the refund is made and stored, then the connection is
 *   reset. The official SDK retries a reset once on its own, whatever `maxNetworkRetries` says,
 *   under the same idempotency key: the retry gets the stored answer.
 * - `http_500`: Stripe answers a 500 api_error, stored under the key as Stripe does.
 */
export type FakeStripeFailure =
  | "timeout_before_processing"
  | "timeout_after_processing"
  | "connection_reset_after_processing"
  | "http_500";

export type FakeStripeOptions = {
  secretKey: string;
  webhookSecret: string;
  refundsStartAs?: "succeeded" | "pending";
  /** A fixed port, for an app server told the URL before the fake starts (the browser tests). */
  port?: number;
};

export type FakeStripe = {
  apiUrl: string;
  createPayment(payment: { amountCents: number; currency: string }): {
    paymentIntentId: string;
    chargeId: string;
  };
  /** How new refunds start from now on (or only for the next one, with `once`). */
  startRefundsAs(status: "succeeded" | "pending", options?: { once: boolean }): void;
  failNextCreate(failure: FakeStripeFailure): void;
  updateRefund(refundId: string, change: { status: FakeRefundStatus; reason?: string }): FakeRefund;
  refund(refundId: string): FakeRefund;
  advanceClock(ms: number): void;
  /** The latest such event about the refund, signed now; the same event keeps its id. */
  webhookDelivery(eventType: string, refundId: string): WebhookDelivery;
  deliverWebhook(url: string, delivery: WebhookDelivery): Promise<Response>;
  close(): Promise<void>;
};

function fingerprintOf(method: string, path: string, body: unknown): string {
  return createHash("sha256")
    .update(`${method} ${path} ${canonicalize(body)}`)
    .digest("hex");
}

async function readBody(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString("utf8");
}

function send(response: ServerResponse, stored: StoredResponse, replayed = false): void {
  response.writeHead(stored.status, {
    "content-type": "application/json",
    "request-id": `req_${Math.random().toString(36).slice(2)}`,
    ...(replayed && { "idempotent-replayed": "true" }),
  });
  response.end(JSON.stringify(stored.body));
}

function errorResponse(error: unknown): StoredResponse {
  if (error instanceof FakeStripeError) return { status: error.status, body: error.body() };
  return { status: 500, body: { error: { type: "api_error", message: String(error) } } };
}

export async function startFakeStripe(options: FakeStripeOptions): Promise<FakeStripe> {
  let clockMs = Date.now();
  const nowSeconds = () => Math.floor(clockMs / 1000);
  const account = new FakeStripeAccount(nowSeconds);
  const keys = new IdempotencyStore();
  let defaultStart: "succeeded" | "pending" = options.refundsStartAs ?? "succeeded";
  let nextStart: "succeeded" | "pending" | null = null;
  let nextFailure: FakeStripeFailure | null = null;
  const sockets = new Set<Socket>();

  function takeStartStatus(): "succeeded" | "pending" {
    const status = nextStart ?? defaultStart;
    nextStart = null;
    return status;
  }

  function authorized(request: IncomingMessage): boolean {
    return request.headers.authorization === `Bearer ${options.secretKey}`;
  }

  async function handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const url = new URL(request.url ?? "/", "http://fake-stripe");
    const method = request.method ?? "GET";
    const params =
      method === "POST"
        ? parseStripeForm(await readBody(request))
        : Object.fromEntries(url.searchParams);
    if (!authorized(request)) {
      // Stripe's own wording, which quotes the key's prefix and last four characters.
      const given = request.headers.authorization?.replace(/^Bearer /, "") ?? "";
      const shown = `${given.slice(0, given.indexOf("_", 3) + 1)}****${given.slice(-4)}`;
      send(response, {
        status: 401,
        body: {
          error: { type: "invalid_request_error", message: `Invalid API Key provided: ${shown}` },
        },
      });
      return;
    }
    const answer = (): StoredResponse => {
      try {
        return {
          status: 200,
          body: routeStripeRequest(
            account,
            { method, path: url.pathname, params },
            takeStartStatus,
          ),
        };
      } catch (error) {
        return errorResponse(error);
      }
    };
    const key = request.headers["idempotency-key"];
    if (method !== "POST" || typeof key !== "string") {
      send(response, answer());
      return;
    }
    const fingerprint = fingerprintOf(method, url.pathname, params);
    const found = keys.lookup(key, fingerprint, clockMs);
    if (found.kind === "replay") return send(response, found.response, true);
    if (found.kind === "mismatch") {
      const error = new FakeStripeError(
        400,
        "idempotency_error",
        `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${key}' if you meant to execute a different request.`,
      );
      return send(response, errorResponse(error));
    }
    const failure = nextFailure;
    nextFailure = null;
    // A request left unanswered stays open until the client gives up and closes its socket.
    if (failure === "timeout_before_processing") return;
    const stored: StoredResponse =
      failure === "http_500"
        ? {
            status: 500,
            body: { error: { type: "api_error", message: "An unknown error occurred" } },
          }
        : answer();
    keys.store(key, fingerprint, stored, clockMs);
    if (failure === "timeout_after_processing") return;
    if (failure === "connection_reset_after_processing") {
      request.socket.destroy();
      return;
    }
    send(response, stored);
  }

  const server = createServer((request, response) => {
    handle(request, response).catch((error: unknown) => send(response, errorResponse(error)));
  });
  server.on("connection", (socket) => {
    sockets.add(socket);
    socket.on("close", () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;

  return {
    apiUrl: `http://127.0.0.1:${port}`,
    createPayment: ({ amountCents, currency }) => account.createPayment(amountCents, currency),
    startRefundsAs(status, startOptions) {
      if (startOptions?.once) nextStart = status;
      else defaultStart = status;
    },
    failNextCreate(failure) {
      nextFailure = failure;
    },
    updateRefund: (refundId, change) => account.updateRefund(refundId, change),
    refund: (refundId) => account.refund(refundId),
    advanceClock(ms) {
      clockMs += ms;
    },
    webhookDelivery(eventType, refundId) {
      const { refundId: _about, ...event } = account.latestEvent(eventType, refundId);
      const rawBody = JSON.stringify(event, null, 2);
      const headers = new Headers({
        "content-type": "application/json",
        "stripe-signature": stripeSignatureHeader(rawBody, options.webhookSecret, nowSeconds()),
      });
      return { rawBody, headers };
    },
    deliverWebhook: (url, delivery) =>
      fetch(url, { method: "POST", headers: delivery.headers, body: delivery.rawBody }),
    async close() {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
