import { describe, expect, it } from "vitest";
import {
  loadCustomerOrderFacts,
  loadOrderFacts,
} from "@/lib/server/repositories/order-facts-repository";
import { createAction, createConversation, createCustomerOrder } from "@/tests/support/row-builder";
import { seededTestDatabase } from "@/tests/support/test-database-hooks";
import { testWorkspaceId } from "@/tests/support/test-workspace";
import { listCustomerOrdersWithLines } from "./customer-orders-queries";

const prisma = seededTestDatabase();

/** The agent's order view as the multi-query read built it before it became one statement. */
async function ordersThroughPrisma(customerId: string, number?: string) {
  const orders = await prisma.order.findMany({
    where: { customerId, ...(number && { number }) },
    orderBy: [{ placedAt: "desc" }, { id: "asc" }],
    include: {
      lines: {
        orderBy: { position: "asc" },
        include: { refundLines: { where: { refund: { status: "succeeded" } } } },
      },
    },
  });
  return orders.map((order) => ({
    orderNumber: order.number,
    currency: order.currency,
    placedAt: order.placedAt.toISOString(),
    deliveredAt: order.deliveredAt?.toISOString() ?? null,
    shippingCents: order.shippingCents,
    paymentMethod: order.paymentMethodLabel,
    lines: order.lines.map((line) => ({
      lineId: line.id,
      name: line.name,
      category: line.category,
      quantity: line.quantity,
      unitPriceCents: line.unitPriceCents,
      finalSale: line.finalSale,
      opened: line.opened,
      refundedQuantity: line.refundLines.reduce((sum, refund) => sum + refund.quantity, 0),
    })),
  }));
}

async function refundFirstLine(
  owner: { customerId: string; orderId: string },
  status: "succeeded" | "failed",
) {
  const conversation = await createConversation(prisma, { ...owner, createdAt: new Date() });
  const action = await createAction(prisma, {
    ...owner,
    conversationId: conversation.id,
    status: status === "succeeded" ? "executed" : "failed",
    createdAt: new Date(),
  });
  const line = await prisma.orderLine.findFirstOrThrow({ where: { orderId: owner.orderId } });
  await prisma.refund.create({
    data: {
      pendingActionId: action.id,
      idempotencyKey: action.idempotencyKey,
      providerRefundId: `re_${action.id}`,
      customerId: owner.customerId,
      orderId: owner.orderId,
      amountCents: line.unitPriceCents,
      currency: "USD",
      target: "original_payment",
      status,
      lines: {
        create: [{ orderLineId: line.id, quantity: 1, amountCents: line.unitPriceCents }],
      },
    },
  });
}

describe("the agent's one-statement order reads", () => {
  it("list every seeded customer's orders exactly as the per-relation reads did", async () => {
    const customers = await prisma.customer.findMany({ select: { id: true } });
    expect(customers.length).toBeGreaterThan(1);
    for (const { id } of customers) {
      const listed = await listCustomerOrdersWithLines(prisma, id, null);
      expect(listed).toEqual({ contactOnly: false, orders: await ordersThroughPrisma(id) });
      for (const order of listed.orders) {
        const one = await listCustomerOrdersWithLines(prisma, id, order.orderNumber);
        expect(one.orders).toEqual(await ordersThroughPrisma(id, order.orderNumber));
      }
    }
  });

  it("count only refunds that succeeded, and see no other customer's order", async () => {
    const owner = await createCustomerOrder(prisma);
    await refundFirstLine(owner, "failed");
    const number = (await prisma.order.findUniqueOrThrow({ where: { id: owner.orderId } })).number;
    const [failedOnly] = (await listCustomerOrdersWithLines(prisma, owner.customerId, number))
      .orders;
    expect(failedOnly?.lines[0]?.refundedQuantity).toBe(0);

    await refundFirstLine(owner, "succeeded");
    const [refunded] = (await listCustomerOrdersWithLines(prisma, owner.customerId, number)).orders;
    expect(refunded?.lines[0]?.refundedQuantity).toBe(1);
    expect(refunded?.lines).toEqual((await ordersThroughPrisma(owner.customerId))[0]?.lines);

    const stranger = await createCustomerOrder(prisma);
    expect(await listCustomerOrdersWithLines(prisma, stranger.customerId, number)).toEqual({
      contactOnly: false,
      orders: [],
    });
    expect(await loadCustomerOrderFacts(prisma, stranger.customerId, number)).toBeNull();
    expect(await loadCustomerOrderFacts(prisma, owner.customerId, number)).toEqual(
      await loadOrderFacts(prisma, owner.orderId),
    );
  });

  it("say when the sender has no account", async () => {
    const contact = await prisma.customer.create({
      data: {
        email: "stranger@example.net",
        name: "Stranger",
        contactOnly: true,
        workspaceId: await testWorkspaceId(prisma),
      },
    });
    expect(await listCustomerOrdersWithLines(prisma, contact.id, null)).toEqual({
      contactOnly: true,
      orders: [],
    });
    expect(await listCustomerOrdersWithLines(prisma, "no-such-customer", null)).toEqual({
      contactOnly: false,
      orders: [],
    });
  });
});
