import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { loadCustomerOrderFacts } from "@/lib/server/repositories/order-facts-repository";
import { receiveInboundEmail } from "@/lib/server/services/email/receive-inbound-email";
import { resetAndSeed } from "@/tests/db/test-database";
import {
  providersForFakeShopify,
  shopConnectedToFakeShopify,
} from "@/tests/support/connected-fake-shopify";
import {
  type FakeShopify,
  startFakeShopify,
} from "@/tests/support/fake-shopify/fake-shopify-server";
import { testDatabaseClient } from "@/tests/support/test-database-hooks";
import { fixedClock, testUseCaseContext } from "@/tests/support/test-use-case-context";
import { readCustomerOrdersFromStore, STORE_READ_FRESH_MS } from "./read-customer-orders";
import { receiveStoreWebhook } from "./receive-store-webhook";
import { refreshStoreOrder } from "./refresh-store-order";

/*
 * A shop connected to Shopify (the fake Shopify Admin API, spoken to by the real adapters): its
 * customers' orders are read through into the copy the policy reads, webhooks keep the copy
 * current, and refunds made in Shopify's admin count against the lines they took.
 */

const prisma = testDatabaseClient();
let fake: FakeShopify;
let now: Date;

// A fresh shop each test: throttling and edits left over from one test never reach the next.
beforeEach(async () => {
  now = await resetAndSeed(prisma);
  fake = await startFakeShopify();
});
afterEach(async () => {
  await fake.close();
});

function context(at: Date = now) {
  return testUseCaseContext({
    db: prisma,
    now: fixedClock(at),
    ...providersForFakeShopify(prisma, fake),
  });
}

function uniqueEmail(): string {
  return `maya+${Math.random().toString(36).slice(2, 10)}@example.com`;
}

async function customerIn(workspaceId: string, email: string) {
  return prisma.customer.findFirstOrThrow({ where: { workspaceId, email } });
}

describe("reading a customer's orders through from Shopify", () => {
  it("writes the store's orders into the copy the policy reads, then answers from it for a minute", async () => {
    const shop = await shopConnectedToFakeShopify(prisma, fake);
    const email = uniqueEmail();
    const seeded = fake.seedOrder({ email });
    const number = fake.order(seeded.orderId).name;

    const first = await readCustomerOrdersFromStore(
      { workspaceId: shop.workspaceId, email },
      context(),
    );
    expect(first).toEqual({ outcome: "read", orders: 1 });
    const customer = await customerIn(shop.workspaceId, email);
    const facts = await loadCustomerOrderFacts(prisma, customer.id, number);
    expect(facts).toMatchObject({
      orderNumber: number,
      currency: "USD",
      shippingCents: 0,
      shippingAlreadyRefunded: false,
      paymentMethodLabel: expect.stringContaining("4242"),
    });
    expect(
      facts?.lines.map((line) => [
        line.name,
        line.quantity,
        line.unitPriceCents,
        line.refundedQuantity,
      ]),
    ).toEqual([
      ["Glass pour-over coffee maker", 1, 4800, 0],
      ["Stoneware mug", 2, 1200, 0],
    ]);
    const order = await prisma.order.findFirstOrThrow({ where: { customerId: customer.id } });
    expect(order).toMatchObject({
      source: "shopify",
      workspaceId: shop.workspaceId,
      connectionId: shop.connectionId,
      externalId: seeded.orderId,
      paymentReference: seeded.orderId,
    });

    const operations = fake.operations().length;
    const soon = new Date(now.getTime() + STORE_READ_FRESH_MS - 1000);
    expect(
      await readCustomerOrdersFromStore({ workspaceId: shop.workspaceId, email }, context(soon)),
    ).toEqual({
      outcome: "fresh",
    });
    expect(fake.operations()).toHaveLength(operations);
    const later = new Date(now.getTime() + STORE_READ_FRESH_MS + 1000);
    expect(
      await readCustomerOrdersFromStore({ workspaceId: shop.workspaceId, email }, context(later)),
    ).toEqual({
      outcome: "read",
      orders: 1,
    });
  });

  it("reads an order by number only when it is that email's", async () => {
    const shop = await shopConnectedToFakeShopify(prisma, fake);
    const owner = uniqueEmail();
    const seeded = fake.seedOrder({ email: owner });
    const number = fake.order(seeded.orderId).name;

    const stranger = uniqueEmail();
    expect(
      await readCustomerOrdersFromStore(
        { workspaceId: shop.workspaceId, email: stranger, orderNumber: number },
        context(),
      ),
    ).toEqual({ outcome: "read", orders: 0 });
    expect(await prisma.order.count({ where: { externalId: seeded.orderId } })).toBe(0);

    expect(
      await readCustomerOrdersFromStore(
        { workspaceId: shop.workspaceId, email: owner, orderNumber: number },
        context(),
      ),
    ).toEqual({ outcome: "read", orders: 1 });
  });

  it("answers from the copy when the store does not, and says so", async () => {
    const shop = await shopConnectedToFakeShopify(prisma, fake);
    const email = uniqueEmail();
    fake.seedOrder({ email });
    fake.throttleNext(20, { as: "http_429", retryAfterSeconds: 0 });
    const read = await readCustomerOrdersFromStore(
      { workspaceId: shop.workspaceId, email },
      context(),
    );
    expect(read.outcome).toBe("unavailable");
  });

  it("a workspace without a store keeps its orders in Countersign", async () => {
    const demo = await prisma.workspace.findFirstOrThrow();
    expect(
      await readCustomerOrdersFromStore(
        { workspaceId: demo.id, email: "maya@example.com" },
        context(),
      ),
    ).toEqual({
      outcome: "no_store",
    });
  });
});

describe("Shopify's webhooks keep the copy current", () => {
  it("a refund made in Shopify's admin counts against the lines it took, once per delivery", async () => {
    const shop = await shopConnectedToFakeShopify(prisma, fake);
    const email = uniqueEmail();
    const seeded = fake.seedOrder({ email });
    const number = fake.order(seeded.orderId).name;
    await readCustomerOrdersFromStore({ workspaceId: shop.workspaceId, email }, context());

    const mug = seeded.lineIds[1] ?? "";
    const refundId = fake.refundInAdmin(seeded.orderId, {
      lines: [{ lineItemId: mug, quantity: 1 }],
    });
    const delivery = fake.webhookDelivery("refunds/create", refundId, {
      eventId: "evt-admin-refund",
    });
    const received = await receiveStoreWebhook(
      { connectionId: shop.connectionId, ...delivery },
      context(),
    );
    expect(received).toEqual({
      eventId: "evt-admin-refund",
      duplicate: false,
      outcome: "refreshed",
    });

    const customer = await customerIn(shop.workspaceId, email);
    const facts = await loadCustomerOrderFacts(prisma, customer.id, number);
    expect(facts?.lines.map((line) => line.refundedQuantity)).toEqual([0, 1]);

    const again = await receiveStoreWebhook(
      { connectionId: shop.connectionId, ...delivery },
      context(),
    );
    expect(again).toMatchObject({ duplicate: true });
    const connection = await prisma.paymentConnection.findUniqueOrThrow({
      where: { id: shop.connectionId },
    });
    expect(connection.lastWebhookType).toBe("refunds/create");
    expect(
      await prisma.paymentWebhookEvent.count({ where: { connectionId: shop.connectionId } }),
    ).toBe(1);
  });

  it("an order edit that removes a line takes it off the copy", async () => {
    const shop = await shopConnectedToFakeShopify(prisma, fake);
    const email = uniqueEmail();
    const seeded = fake.seedOrder({ email });
    const number = fake.order(seeded.orderId).name;
    await readCustomerOrdersFromStore({ workspaceId: shop.workspaceId, email }, context());

    fake.editOrder(seeded.orderId, { removeLine: seeded.lineIds[1] ?? "" });
    await receiveStoreWebhook(
      {
        connectionId: shop.connectionId,
        ...fake.webhookDelivery("orders/updated", seeded.orderId),
      },
      context(),
    );
    const customer = await customerIn(shop.workspaceId, email);
    const facts = await loadCustomerOrderFacts(prisma, customer.id, number);
    expect(facts?.lines.map((line) => line.name)).toEqual(["Glass pour-over coffee maker"]);
  });

  it("refuses a delivery whose signature does not match, and stores nothing", async () => {
    const shop = await shopConnectedToFakeShopify(prisma, fake);
    const seeded = fake.seedOrder({ email: uniqueEmail() });
    const delivery = fake.webhookDelivery("orders/updated", seeded.orderId);
    const tampered = { ...delivery, rawBody: delivery.rawBody.replace("}", ', "x": 1}') };
    await expect(
      receiveStoreWebhook({ connectionId: shop.connectionId, ...tampered }, context()),
    ).rejects.toMatchObject({ code: "UNAUTHENTICATED" });
    expect(await prisma.paymentWebhookEvent.count()).toBe(0);
  });

  it("a delivery whose order cannot be read is not stored, so Shopify sends it again", async () => {
    const shop = await shopConnectedToFakeShopify(prisma, fake);
    const seeded = fake.seedOrder({ email: uniqueEmail() });
    fake.throttleNext(20, { as: "http_429", retryAfterSeconds: 0 });
    await expect(
      receiveStoreWebhook(
        {
          connectionId: shop.connectionId,
          ...fake.webhookDelivery("orders/updated", seeded.orderId),
        },
        context(),
      ),
    ).rejects.toMatchObject({ code: "SERVICE_UNAVAILABLE" });
    expect(await prisma.paymentWebhookEvent.count()).toBe(0);
  });
});

describe("an email from a shopper the store knows", () => {
  it("makes them the shop's customer with their Shopify orders, and the agent answers from them", async () => {
    const shop = await shopConnectedToFakeShopify(prisma, fake);
    const supportAddress = `help@${shop.workspaceKey}.example`;
    await prisma.workspace.update({ where: { id: shop.workspaceId }, data: { supportAddress } });
    const email = uniqueEmail();
    const seeded = fake.seedOrder({ email });
    const number = fake.order(seeded.orderId).name;
    const raw = Buffer.from(
      [
        `From: Maya Chen <${email}>`,
        `To: ${supportAddress}`,
        "Subject: Coffee maker arrived cracked",
        `Message-ID: <${seeded.orderId.replace(/\D/g, "")}@mail.example>`,
        "Content-Type: text/plain; charset=utf-8",
        "",
        `Hi, my order ${number} arrived and the glass pour-over coffee maker is cracked. The mugs are fine. Can I get my money back for the coffee maker?`,
        "",
      ].join("\r\n"),
    );
    const received = await receiveInboundEmail(
      { raw, via: "webhook", supportAddress: "support@countersign.example" },
      context(),
    );
    await received.completion;

    expect(received.contactOnly).toBe(false);
    const customer = await customerIn(shop.workspaceId, email);
    expect(customer.contactOnly).toBe(false);
    const action = await prisma.pendingAction.findFirstOrThrow({
      where: { conversationId: received.conversationId },
    });
    expect(action).toMatchObject({
      status: "awaiting_approval",
      netRefundCents: 4800,
      reason: "damaged",
      orderVersion: fake.order(seeded.orderId).updatedAt.toISOString(),
    });
  });
});

describe("refreshStoreOrder", () => {
  it("reads a Shopify order again; leaves the orders Countersign keeps alone", async () => {
    const shop = await shopConnectedToFakeShopify(prisma, fake);
    const email = uniqueEmail();
    const seeded = fake.seedOrder({ email });
    await readCustomerOrdersFromStore({ workspaceId: shop.workspaceId, email }, context());
    const order = await prisma.order.findFirstOrThrow({ where: { externalId: seeded.orderId } });

    expect(await refreshStoreOrder({ orderId: order.id }, context())).toEqual({
      outcome: "refreshed",
      changed: false,
    });
    fake.editOrder(seeded.orderId, { deliveredAt: new Date(now.getTime() - 2 * 86_400_000) });
    expect(await refreshStoreOrder({ orderId: order.id }, context())).toEqual({
      outcome: "refreshed",
      changed: true,
    });
    const seededOrder = await prisma.order.findFirstOrThrow({ where: { source: "local" } });
    expect(await refreshStoreOrder({ orderId: seededOrder.id }, context())).toEqual({
      outcome: "kept_here",
    });
  });
});
