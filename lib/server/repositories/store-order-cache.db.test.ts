import { describe, expect, it } from "vitest";
import type { StoreOrder } from "@/lib/integrations/commerce/commerce-provider";
import { ownRefundNote } from "@/lib/integrations/commerce/own-refund-note";
import { createAction, createConversation } from "@/tests/support/row-builder";
import { emptyTestDatabase } from "@/tests/support/test-database-hooks";
import { loadOrderFacts } from "./order-facts-repository";
import { writeStoreOrder } from "./store-order-cache";

const prisma = emptyTestDatabase();

const CHECKED_AT = new Date("2026-11-10T12:00:00Z");

async function workspace(key = "shop-a") {
  return prisma.workspace.create({
    data: { key, name: `Shop ${key}`, identitySecret: "secret-secret-secret-secret" },
  });
}

function storeOrder(overrides: Partial<StoreOrder> = {}): StoreOrder {
  return {
    externalId: "A-5001",
    number: "A-5001",
    version: "v1",
    customer: { externalId: null, email: "maya@example.com", name: "Maya Lin" },
    currency: "USD",
    placedAt: new Date("2026-11-01T10:00:00Z"),
    deliveredAt: new Date("2026-11-04T10:00:00Z"),
    shippingCents: 800,
    paymentMethodLabel: "Visa •4242",
    paymentReference: null,
    lines: [
      {
        externalId: "L1",
        sku: "KETTLE",
        name: "Kettle",
        category: "kitchen",
        quantity: 2,
        unitPriceCents: 4800,
        finalSale: false,
        opened: false,
      },
      {
        externalId: "L2",
        sku: "MUG",
        name: "Mug",
        category: "kitchen",
        quantity: 3,
        unitPriceCents: 1200,
        finalSale: false,
        opened: false,
      },
    ],
    refunds: [],
    ...overrides,
  };
}

function write(workspaceId: string, order: StoreOrder, checkedAt = CHECKED_AT) {
  return prisma.$transaction((tx) =>
    writeStoreOrder(tx, {
      workspaceId,
      connectionId: null,
      source: "orders_api",
      order,
      checkedAt,
    }),
  );
}

async function facts(orderId: string) {
  const loaded = await loadOrderFacts(prisma, orderId);
  if (!loaded) throw new Error("no facts for the order");
  return loaded;
}

/** A refund Countersign itself recorded on the order's first line, as the payment path does. */
async function countersignRefund(input: {
  orderId: string;
  customerId: string;
  providerRefundId: string;
  quantity: number;
}) {
  const conversation = await createConversation(prisma, {
    customerId: input.customerId,
    orderId: input.orderId,
    createdAt: CHECKED_AT,
  });
  const action = await createAction(prisma, {
    conversationId: conversation.id,
    customerId: input.customerId,
    orderId: input.orderId,
    status: "executed",
    createdAt: CHECKED_AT,
  });
  const line = await prisma.orderLine.findFirstOrThrow({
    where: { orderId: input.orderId, externalId: "L1" },
  });
  await prisma.refund.create({
    data: {
      pendingActionId: action.id,
      idempotencyKey: `refund:${action.id}`,
      providerRefundId: input.providerRefundId,
      customerId: input.customerId,
      orderId: input.orderId,
      amountCents: 4800 * input.quantity,
      currency: "USD",
      target: "original_payment",
      status: "succeeded",
      lines: {
        create: [
          { orderLineId: line.id, quantity: input.quantity, amountCents: 4800 * input.quantity },
        ],
      },
    },
  });
  return action.id;
}

describe("writeStoreOrder", () => {
  it("says created the first time, changed only when the version moves", async () => {
    const shop = await workspace();
    const first = await write(shop.id, storeOrder());
    expect(first).toMatchObject({ created: true, changed: true });

    const again = await write(shop.id, storeOrder(), new Date("2026-11-10T13:00:00Z"));
    expect(again).toEqual({ ...first, created: false, changed: false });
    const kept = await prisma.order.findUniqueOrThrow({ where: { id: first.orderId } });
    expect(kept.storeCheckedAt).toEqual(new Date("2026-11-10T13:00:00Z"));

    const edited = await write(shop.id, storeOrder({ version: "v2", shippingCents: 900 }));
    expect(edited).toMatchObject({ orderId: first.orderId, created: false, changed: true });
    expect(await prisma.order.count()).toBe(1);
    expect((await facts(first.orderId)).shippingCents).toBe(900);
  });

  it("drops a line the store removed from the policy's view, but keeps its row", async () => {
    const shop = await workspace();
    const { orderId } = await write(shop.id, storeOrder());
    const [kettle] = storeOrder().lines;
    if (!kettle) throw new Error("no kettle");
    await write(shop.id, storeOrder({ version: "v2", lines: [kettle] }));

    expect((await facts(orderId)).lines.map((line) => line.name)).toEqual(["Kettle"]);
    const mug = await prisma.orderLine.findFirstOrThrow({ where: { orderId, externalId: "L2" } });
    expect(mug.removedAt).toEqual(CHECKED_AT);
    expect(mug.quantity).toBe(3);

    await write(shop.id, storeOrder({ version: "v3" }));
    expect((await facts(orderId)).lines.map((line) => line.name)).toEqual(["Kettle", "Mug"]);
  });

  it("counts refunds made in the store on their lines and on shipping", async () => {
    const shop = await workspace();
    const { orderId } = await write(
      shop.id,
      storeOrder({
        refunds: [
          {
            externalId: "R1",
            note: "Refunded at the till",
            createdAt: new Date("2026-11-05T10:00:00Z"),
            lines: [{ lineExternalId: "L2", quantity: 2 }],
            shippingCents: 800,
          },
        ],
      }),
    );
    const loaded = await facts(orderId);
    expect(loaded.lines.map((line) => [line.name, line.refundedQuantity])).toEqual([
      ["Kettle", 0],
      ["Mug", 2],
    ]);
    expect(loaded.shippingAlreadyRefunded).toBe(true);
  });

  it("does not count Countersign's own refunds twice: known by provider refund id or by its note", async () => {
    const shop = await workspace();
    const { orderId, customerId } = await write(shop.id, storeOrder());
    const byNote = await countersignRefund({
      orderId,
      customerId,
      providerRefundId: "re_note",
      quantity: 1,
    });
    await countersignRefund({
      orderId,
      customerId,
      providerRefundId: "store-refund-7",
      quantity: 1,
    });

    await write(
      shop.id,
      storeOrder({
        version: "v2",
        refunds: [
          {
            externalId: "store-refund-7",
            note: null,
            createdAt: CHECKED_AT,
            lines: [{ lineExternalId: "L1", quantity: 1 }],
            shippingCents: 0,
          },
          {
            externalId: "store-refund-8",
            note: ownRefundNote(byNote),
            createdAt: CHECKED_AT,
            lines: [{ lineExternalId: "L1", quantity: 1 }],
            shippingCents: 0,
          },
        ],
      }),
    );
    const kettle = await prisma.orderLine.findFirstOrThrow({
      where: { orderId, externalId: "L1" },
    });
    expect(kettle.refundedInStoreQuantity).toBe(0);
    expect((await facts(orderId)).lines[0]).toMatchObject({ name: "Kettle", refundedQuantity: 2 });

    // A note naming an action of another order is not Countersign's refund of this one.
    await write(
      shop.id,
      storeOrder({
        version: "v3",
        refunds: [
          {
            externalId: "store-refund-9",
            note: ownRefundNote("pa_of_another_order"),
            createdAt: CHECKED_AT,
            lines: [{ lineExternalId: "L2", quantity: 1 }],
            shippingCents: 0,
          },
        ],
      }),
    );
    expect((await facts(orderId)).lines[1]).toMatchObject({ name: "Mug", refundedQuantity: 1 });
  });

  it("makes a contact-only sender of the workspace with the same email the order's customer", async () => {
    const shop = await workspace();
    const contact = await prisma.customer.create({
      data: { workspaceId: shop.id, email: "maya@example.com", name: "maya", contactOnly: true },
    });
    const { customerId } = await write(
      shop.id,
      storeOrder({ customer: { externalId: null, email: "Maya@Example.com", name: "Maya Lin" } }),
    );
    expect(customerId).toBe(contact.id);
    expect(await prisma.customer.findUniqueOrThrow({ where: { id: contact.id } })).toMatchObject({
      workspaceId: shop.id,
      contactOnly: false,
    });
    expect(await prisma.customer.count()).toBe(1);
  });
});
