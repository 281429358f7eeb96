import type { FakeShop } from "./fake-shopify-shop";
import type { RefundCreator, RefundInput } from "./refund-create";
import { orderJson, refundJson } from "./shopify-wire";

/*
 * The GraphQL operations the Shopify adapters send, answered from a fake shop. The fake does not
 * parse GraphQL: it dispatches on the operation's name and answers with the fields that operation
 * selects, so a request it does not know fails loudly, as an unknown field would at Shopify.
 */

export type GraphQLRequest = { query: string; variables: Record<string, unknown> };

export type GraphQLAnswer = {
  data: Record<string, unknown> | null;
  errors?: { message: string; path?: string[]; extensions?: Record<string, unknown> }[];
};

/** What each operation is charged against the shop's cost bucket. */
export const REQUESTED_COST: Readonly<Record<string, number>> = {
  CountersignShop: 1,
  CountersignOrderIds: 52,
  CountersignOrder: 850,
  CountersignPaymentOrder: 460,
  CountersignRefund: 14,
  CountersignRefundCreate: 10,
};

export function operationNameOf(query: string): string | null {
  return /^\s*(?:query|mutation)\s+(\w+)/.exec(query)?.[1] ?? null;
}

/** The key an `@idempotent(key: …)` directive names: a variable's value or a literal. */
export function idempotencyKeyOf(request: GraphQLRequest): string | null {
  const match = /@idempotent\(\s*key:\s*(?:\$(\w+)|"([^"]*)")\s*\)/.exec(request.query);
  if (!match) return null;
  if (match[2] !== undefined) return match[2];
  const value = match[1] ? request.variables[match[1]] : undefined;
  return typeof value === "string" && value.length > 0 ? value : null;
}

function bare(name: string): string {
  return name.trim().replace(/^#/, "").toLowerCase();
}

/** Shopify's search syntax, as far as the adapters use it: `email:"…"` and `name:"…"`. */
function matchesSearch(shop: FakeShop, orderId: string, query: string): boolean {
  const order = shop.order(orderId);
  const term = /^(email|name):"?([^"]*)"?$/.exec(query.trim());
  if (!term) return false;
  const [, field, value = ""] = term;
  if (field === "email") return order.email.toLowerCase() === value.toLowerCase();
  return bare(order.name) === bare(value);
}

export function answerOperation(
  shop: FakeShop,
  refunds: RefundCreator,
  request: GraphQLRequest,
): GraphQLAnswer {
  const name = operationNameOf(request.query);
  const { variables } = request;
  switch (name) {
    case "CountersignShop":
      return {
        data: {
          shop: {
            name: shop.name,
            myshopifyDomain: shop.settings.domain,
            plan: { partnerDevelopment: shop.development },
          },
        },
      };
    case "CountersignOrderIds": {
      const query = String(variables.query ?? "");
      const first = Number(variables.first ?? 10);
      const nodes = [...shop.orders.values()]
        .filter((order) => matchesSearch(shop, order.id, query))
        .sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime())
        .slice(0, first)
        .map((order) => ({ id: order.id, name: order.name, email: order.email }));
      return { data: { orders: { nodes } } };
    }
    case "CountersignOrder":
    case "CountersignPaymentOrder": {
      const order = shop.orders.get(String(variables.id));
      return { data: { order: order ? orderJson(shop, order) : null } };
    }
    case "CountersignRefund": {
      const id = String(variables.id);
      if (!/^gid:\/\/shopify\/Refund\/\d+$/.test(id)) {
        return {
          data: { refund: null },
          errors: [
            {
              message: `Invalid global id '${id}'`,
              extensions: { code: "argumentLiteralsIncompatible" },
            },
          ],
        };
      }
      const refund = shop.refund(id);
      const currency = refund ? shop.order(refund.orderId).currency : "USD";
      return { data: { refund: refund ? refundJson(refund, currency) : null } };
    }
    case "CountersignRefundCreate":
      return answerRefundCreate(shop, refunds, request);
    default:
      return {
        data: null,
        errors: [
          {
            message: `The fake Shopify does not answer the operation ${name ?? "(unnamed)"}`,
            extensions: { code: "undefinedField" },
          },
        ],
      };
  }
}

function answerRefundCreate(
  shop: FakeShop,
  refunds: RefundCreator,
  request: GraphQLRequest,
): GraphQLAnswer {
  const key = idempotencyKeyOf(request);
  if (key === null) {
    return {
      data: { refundCreate: null },
      errors: [
        {
          message: "The @idempotent directive is required for this mutation but was not provided.",
          path: ["refundCreate"],
          extensions: { code: "BAD_REQUEST" },
        },
      ],
    };
  }
  const input = (request.variables.input ?? {}) as RefundInput;
  const found = refunds.lookup(shop, key, input);
  const result =
    found.kind === "mismatch"
      ? refunds.mismatch()
      : found.kind === "replay"
        ? ({
            kind: "made",
            refund: found.refund,
            currency: shop.order(found.refund.orderId).currency,
          } as const)
        : refunds.create(shop, key, input);
  if (result.kind === "refused") {
    return { data: { refundCreate: { refund: null, userErrors: result.userErrors } } };
  }
  return {
    data: {
      refundCreate: { refund: refundJson(result.refund, result.currency), userErrors: [] },
    },
  };
}
