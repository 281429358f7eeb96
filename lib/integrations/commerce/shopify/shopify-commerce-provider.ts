import {
  type CommerceProvider,
  CommerceProviderError,
  type StoreOrder,
} from "@/lib/integrations/commerce/commerce-provider";
import { createShopifyAdminClient, type ShopifyAdminClientOptions } from "./shopify-admin-client";
import { readShopify } from "./shopify-errors";
import { ORDER_FIELDS, type ShopifyOrder, storeOrderOf } from "./shopify-order";
import { checkShopifyConnection } from "./shopify-shop";
import { orderGidOf, verifiedShopifyDelivery } from "./shopify-webhook";

/*
 * A Shopify store read live through the GraphQL Admin API: orders by the customer's email, by
 * id and by number, and the shop's signed webhooks, which only ever say which order to read again.
 * A search lists order ids first and reads each order on its own, so no single query asks for more
 * than Shopify's per-query cost limit.
 */

export type ShopifyCommerceProviderOptions = {
  shopDomain: string;
  accessToken: string;
  /** The custom app's client secret: the key Shopify signs its webhooks with. */
  clientSecret: string;
  apiUrl?: string;
  now?: () => Date;
} & Pick<
  ShopifyAdminClientOptions,
  "timeoutMs" | "throttleRetries" | "maxThrottleWaitMs" | "sleep"
>;

const ORDER = `query CountersignOrder($id: ID!) {
  order(id: $id) { ${ORDER_FIELDS} }
}`;

const ORDER_IDS = `query CountersignOrderIds($query: String!, $first: Int!) {
  orders(first: $first, query: $query, sortKey: CREATED_AT, reverse: true) { nodes { id name email } }
}`;

const MAX_ORDERS_PER_SEARCH = 50;

/** A value for Shopify's search syntax, quoted so spaces and colons stay part of it. */
function searchValue(value: string): string {
  return `"${value.replace(/["\\]/g, "")}"`;
}

/** `#1001`, `1001` and ` #1001 ` are the same order number. */
function sameNumber(a: string, b: string): boolean {
  const bare = (value: string) => value.trim().replace(/^#/, "").toLowerCase();
  return bare(a) === bare(b);
}

function isOrderGid(id: string): boolean {
  return /^gid:\/\/shopify\/Order\/\d+$/.test(id);
}

export function createShopifyCommerceProvider(
  options: ShopifyCommerceProviderOptions,
): CommerceProvider {
  const client = createShopifyAdminClient(options);
  const now = options.now ?? (() => new Date());

  async function orderById(id: string): Promise<StoreOrder | null> {
    const { order } = await readShopify(() =>
      client.request<{ order: ShopifyOrder | null }>(ORDER, { id }),
    );
    if (order === null) return null;
    try {
      return storeOrderOf(order);
    } catch (error) {
      throw new CommerceProviderError(
        "INVALID_RESPONSE",
        `Shopify's order ${id} could not be read: ${error instanceof Error ? error.message : String(error)}`,
      );
    }
  }

  async function orderIds(query: string, first: number) {
    const { orders } = await readShopify(() =>
      client.request<{ orders: { nodes: { id: string; name: string; email: string | null }[] } }>(
        ORDER_IDS,
        {
          query,
          first,
        },
      ),
    );
    return orders.nodes;
  }

  async function ordersByIds(ids: string[]): Promise<StoreOrder[]> {
    const orders: StoreOrder[] = [];
    // One at a time: they share the shop's cost bucket, and a throttle is waited out per read.
    for (const id of ids) {
      const order = await orderById(id);
      if (order) orders.push(order);
    }
    return orders;
  }

  return {
    name: "shopify",

    async findOrdersByEmail(email, { limit }) {
      const first = Math.max(1, Math.min(limit, MAX_ORDERS_PER_SEARCH));
      const wanted = email.trim().toLowerCase();
      const found = await orderIds(`email:${searchValue(wanted)}`, first);
      // Shopify's search matches loosely; only orders placed with exactly this email are theirs.
      const theirs = found.filter((order) => order.email?.trim().toLowerCase() === wanted);
      return ordersByIds(theirs.map((order) => order.id));
    },

    async getOrder(externalId) {
      if (!isOrderGid(externalId)) return null;
      return orderById(externalId);
    },

    async findOrderByNumber(number) {
      const found = await orderIds(`name:${searchValue(number.trim())}`, 5);
      const exact = found.find((order) => sameNumber(order.name, number));
      return exact ? orderById(exact.id) : null;
    },

    checkConnection: () => checkShopifyConnection(client),

    async parseWebhook(delivery) {
      const verified = verifiedShopifyDelivery(
        delivery,
        { clientSecret: options.clientSecret, shopDomain: options.shopDomain },
        now(),
        (reason) => new CommerceProviderError("SIGNATURE", `Shopify webhook rejected: ${reason}`),
      );
      return {
        eventId: verified.eventId,
        topic: verified.topic,
        occurredAt: verified.occurredAt,
        orderExternalId: orderGidOf(verified.topic, verified.body),
      };
    },
  };
}
