import { beforeEach, describe, expect, it } from "vitest";
import type {
  CommerceProvider,
  CommerceProviders,
  StoreOrder,
} from "@/lib/integrations/commerce/commerce-provider";
import { CommerceProviderError } from "@/lib/integrations/commerce/commerce-provider";
import { writeStoreOrder } from "@/lib/server/repositories/store-order-cache";
import { resetAndSeed } from "@/tests/db/test-database";
import { proposeMayaRefund } from "@/tests/support/propose-maya-refund";
import { testDatabaseClient } from "@/tests/support/test-database-hooks";
import { testUseCaseContext } from "@/tests/support/test-use-case-context";
import { decideApproval } from "../approvals/decide-approval";
import { approveAction } from "./approve-or-reject-action";
import { confirmPendingAction } from "./confirm-pending-action";
import { executePendingAction } from "./execute-pending-action";
import { proposeRefund } from "./propose-refund";
import { reconcilePayments } from "./reconcile-payments";

/*
 * Issue 37, part 5: a quote is pinned to the order it was made from. Between the quote and its
 * payment the order changes in the store (a line removed, a refund made in the store's admin, the
 * delivery date moved): execution re-reads the order from the store, refuses with ORDER_CHANGED,
 * audits it, tells the customer and re-quotes, and pays nothing. The store is a small in-memory
 * CommerceProvider at the boundary; the cache is written with writeStoreOrder, as the store's
 * webhooks and reads write it.
 */

process.env.LOG_LEVEL ??= "silent";

const prisma = testDatabaseClient();
const DAY_MS = 24 * 60 * 60 * 1000;
const ORDER_GID = "gid://shopify/Order/1001";
const KETTLE = "gid://shopify/LineItem/1";
const MUG = "gid://shopify/LineItem/2";

/** The shop's store as Countersign's adapter would report it, held in memory. */
class InMemoryStore implements CommerceProvider {
  readonly name = "shopify";
  readonly orders = new Map<string, StoreOrder>();
  unreachable = false;
  reads = 0;

  async getOrder(externalId: string): Promise<StoreOrder | null> {
    this.reads += 1;
    if (this.unreachable) {
      throw new CommerceProviderError("UNAVAILABLE", "Shopify answered 503 Service Unavailable");
    }
    const order = this.orders.get(externalId);
    return order ? structuredClone(order) : null;
  }
  async findOrdersByEmail(email: string): Promise<StoreOrder[]> {
    return [...this.orders.values()].filter((order) => order.customer.email === email);
  }
  async findOrderByNumber(number: string): Promise<StoreOrder | null> {
    return [...this.orders.values()].find((order) => order.number === number) ?? null;
  }
  async checkConnection() {
    return { ok: true as const, mode: "test" as const, accountLabel: "countersign-test" };
  }
  async parseWebhook(): Promise<never> {
    throw new CommerceProviderError("SIGNATURE", "This store sends no webhooks");
  }
}

let store: InMemoryStore;
let connectionId: string;
let workspaceId: string;
let offsetMs: number;
const clock = () => new Date(Date.now() + offsetMs);

function storeProviders(): CommerceProviders {
  return {
    forWorkspace: async () => ({ provider: store, connectionId }),
    forConnection: async () => store,
  };
}

const context = () => testUseCaseContext({ db: prisma, now: clock, commerce: storeProviders() });

function robinsOrder(): StoreOrder {
  const now = clock().getTime();
  return {
    externalId: ORDER_GID,
    number: "#1001",
    version: "2026-12-01T10:00:00Z",
    customer: { externalId: "gid://shopify/Customer/7", email: "robin@example.com", name: "Robin" },
    currency: "USD",
    placedAt: new Date(now - 10 * DAY_MS),
    deliveredAt: new Date(now - 5 * DAY_MS),
    shippingCents: 500,
    paymentMethodLabel: "Visa •4242",
    paymentReference: null,
    lines: [
      {
        externalId: KETTLE,
        sku: "KETTLE",
        name: "Kettle",
        category: "kitchen",
        quantity: 2,
        unitPriceCents: 4000,
        finalSale: false,
        opened: false,
      },
      {
        externalId: MUG,
        sku: "MUG",
        name: "Mug",
        category: "kitchen",
        quantity: 1,
        unitPriceCents: 1200,
        finalSale: false,
        opened: false,
      },
    ],
    refunds: [],
  };
}

/** The store changes the order (its admin); the next read or webhook brings the change here. */
function changeInStore(edit: (order: StoreOrder) => void, version: string): void {
  const order = store.orders.get(ORDER_GID);
  if (!order) throw new Error("no order in the store");
  edit(order);
  order.version = version;
}

/** What a store webhook does: the cached copy is written again from the store. */
async function cacheFromStore(): Promise<void> {
  const order = store.orders.get(ORDER_GID);
  if (!order) throw new Error("no order in the store");
  await prisma.$transaction((tx) =>
    writeStoreOrder(tx, {
      workspaceId,
      connectionId,
      source: "shopify",
      order,
      checkedAt: clock(),
    }),
  );
}

type World = { conversationId: string; customerId: string; orderId: string; sessionId: string };

async function openRobinsChat(channel: "chat" | "email" = "chat"): Promise<World> {
  await cacheFromStore();
  const order = await prisma.order.findFirstOrThrow({
    where: { workspaceId, source: "shopify", externalId: ORDER_GID },
  });
  const conversation = await prisma.conversation.create({
    data: { channel, customerId: order.customerId, orderId: order.id, subject: "Kettle" },
  });
  const session = await prisma.customerSession.create({
    data: {
      customerId: order.customerId,
      conversationId: conversation.id,
      tokenHash: `token-${conversation.id}`,
      lastSeenAt: clock(),
    },
  });
  return {
    conversationId: conversation.id,
    customerId: order.customerId,
    orderId: order.id,
    sessionId: session.id,
  };
}

async function kettleLineId(orderId: string): Promise<string> {
  const line = await prisma.orderLine.findFirstOrThrow({ where: { orderId, externalId: KETTLE } });
  return line.id;
}

async function quoteKettles(world: World) {
  const proposed = await proposeRefund(
    {
      conversationId: world.conversationId,
      customerId: world.customerId,
      orderId: world.orderId,
      lineIds: [await kettleLineId(world.orderId)],
      reason: "damaged",
      requestedBy: { type: "agent" },
    },
    context(),
  );
  if (proposed.kind !== "proposed") throw new Error(`expected a quote: ${proposed.kind}`);
  return proposed.action;
}

async function confirm(world: World, action: { id: string; quoteHash: string }) {
  return confirmPendingAction(
    {
      actionId: action.id,
      conversationId: world.conversationId,
      customerId: world.customerId,
      quoteHash: action.quoteHash,
      sessionId: world.sessionId,
    },
    context(),
  );
}

/** Quoted, confirmed by the customer and approved by an approver: ready to pay. */
async function approvedKettleRefund(world: World) {
  const quote = await quoteKettles(world);
  expect((await confirm(world, quote)).status).toBe("awaiting_approval");
  const approver = await prisma.staffUser.findFirstOrThrow({ where: { role: "approver" } });
  const approved = await approveAction(
    { actionId: quote.id, deciderId: approver.id, quoteHash: quote.quoteHash },
    context(),
  );
  expect(approved.status).toBe("approved");
  return quote;
}

async function customerMessages(world: World): Promise<string[]> {
  const rows = await prisma.message.findMany({
    where: { conversationId: world.conversationId, visibility: "customer", authorKind: "agent" },
    orderBy: [{ createdAt: "asc" }, { id: "asc" }],
  });
  return rows.map((row) => row.body);
}

async function auditKinds(subjectId: string): Promise<string[]> {
  const events = await prisma.auditEvent.findMany({ where: { subjectId }, orderBy: { id: "asc" } });
  return events.map((event) => event.kind);
}

beforeEach(async () => {
  await resetAndSeed(prisma);
  offsetMs = 0;
  store = new InMemoryStore();
  store.orders.set(ORDER_GID, robinsOrder());
  const workspace = await prisma.workspace.findFirstOrThrow();
  workspaceId = workspace.id;
  const connection = await prisma.paymentConnection.create({
    data: {
      workspaceId,
      provider: "shopify",
      shopDomain: "robins-kitchen.myshopify.com",
      secretKeyCiphertext: "unused-in-this-test",
      secretKeyLast4: "test",
      webhookSecretCiphertext: "unused-in-this-test",
      webhookSecretLast4: "test",
      mode: "test",
    },
  });
  connectionId = connection.id;
});

describe("a new quote is pinned to its order", () => {
  it("records the store's version and the order's fingerprint with the action", async () => {
    const world = await openRobinsChat();
    const quote = await quoteKettles(world);
    const row = await prisma.pendingAction.findUniqueOrThrow({ where: { id: quote.id } });
    expect(row.orderVersion).toBe("2026-12-01T10:00:00Z");
    expect(row.orderFingerprint).toMatch(/^of1(\.[0-9a-f]{64}){3}$/);
  });

  it("records no store version for an order Countersign keeps itself", async () => {
    const { actionId } = await proposeMayaRefund(prisma, "chat", context());
    const row = await prisma.pendingAction.findUniqueOrThrow({ where: { id: actionId } });
    expect(row.orderVersion).toBeNull();
    expect(row.orderFingerprint).toMatch(/^of1\./);
  });

  it("does not count another refund merely under way on the same order as a change", async () => {
    const world = await openRobinsChat();
    const other = await openRobinsChat("email");
    const mug = await prisma.orderLine.findFirstOrThrow({
      where: { orderId: other.orderId, externalId: MUG },
    });
    const mugRefund = await proposeRefund(
      {
        conversationId: other.conversationId,
        customerId: other.customerId,
        orderId: other.orderId,
        lineIds: [mug.id],
        reason: "no_longer_needed",
        requestedBy: { type: "agent" },
      },
      context(),
    );
    if (mugRefund.kind !== "proposed") throw new Error("expected the mug's quote");
    const quote = await quoteKettles(world);
    const approver = await prisma.staffUser.findFirstOrThrow({ where: { role: "approver" } });
    await approveAction(
      {
        actionId: mugRefund.action.id,
        deciderId: approver.id,
        quoteHash: mugRefund.action.quoteHash,
      },
      context(),
    );
    expect((await confirm(world, quote)).status).toBe("awaiting_approval");
    await approveAction(
      { actionId: quote.id, deciderId: approver.id, quoteHash: quote.quoteHash },
      context(),
    );
    expect((await executePendingAction({ actionId: quote.id }, context())).outcome).toBe(
      "executed",
    );
  });
});

const changes: { name: string; edit: (order: StoreOrder) => void; what: string }[] = [
  {
    name: "the quoted line edited in the store",
    edit: (order) => {
      order.lines = order.lines.map((line) =>
        line.externalId === KETTLE ? { ...line, unitPriceCents: line.unitPriceCents - 500 } : line,
      );
    },
    what: "its items changed",
  },
  {
    name: "a refund made in the store's admin",
    edit: (order) => {
      order.refunds.push({
        externalId: "gid://shopify/Refund/9",
        note: "Refunded at the counter",
        createdAt: clock(),
        lines: [{ lineExternalId: KETTLE, quantity: 1 }],
        shippingCents: 0,
      });
    },
    what: "its refunds changed",
  },
  {
    name: "the delivery date changed",
    edit: (order) => {
      order.deliveredAt = new Date(clock().getTime() - 6 * DAY_MS);
    },
    what: "its delivery details changed",
  },
];

describe("the order changes in the store between the quote and its payment", () => {
  it.each(changes)(
    "$name: refused with ORDER_CHANGED, audited, told, re-quoted, nothing paid",
    async ({ edit, what }) => {
      const world = await openRobinsChat();
      const quote = await approvedKettleRefund(world);
      // Only the store knows: no webhook came, so the re-read before paying must find it.
      changeInStore(edit, "2026-12-02T09:00:00Z");

      const result = await executePendingAction({ actionId: quote.id }, context());

      expect(result.outcome).toBe("failed");
      if (result.outcome !== "failed") return;
      expect(result.reasons[0]).toEqual({
        code: "ORDER_CHANGED",
        message: `Order #1001 changed in the store since the quote was made: ${what}.`,
      });
      expect(store.reads).toBe(1);
      expect(await prisma.refund.count({ where: { orderId: world.orderId } })).toBe(0);

      const stored = await prisma.pendingAction.findUniqueOrThrow({ where: { id: quote.id } });
      expect(stored.status).toBe("failed");
      expect(stored.failureReason).toContain(
        `changed in the store since the quote was made: ${what}`,
      );
      const kinds = await auditKinds(quote.id);
      expect(kinds).toContain("pending_action.failed");
      expect(kinds).not.toContain("pending_action.execution_started");

      const requote = await prisma.pendingAction.findFirstOrThrow({
        where: { conversationId: world.conversationId, id: { not: quote.id } },
      });
      expect(requote.status).toBe("awaiting_confirmation");
      expect(requote.orderVersion).toBe("2026-12-02T09:00:00Z");
      expect(requote.orderFingerprint).not.toBe(stored.orderFingerprint);

      const [told, shown] = (await customerMessages(world)).slice(-2);
      expect(told).toContain("Before paying your refund of");
      expect(told).toContain(
        "I checked the order again: it has changed since you agreed to that quote",
      );
      expect(told).toContain("nothing was refunded");
      expect(told).toContain("Here is a new quote for the order as it is now");
      expect(shown).toContain("Here is the refund I can offer for order #1001:");
      const presented = await prisma.message.findFirstOrThrow({
        where: { presentedActionId: requote.id },
      });
      expect(presented.body).toBe(shown);
      const sent = await prisma.auditEvent.count({
        where: { kind: "customer_message.sent", conversationId: world.conversationId },
      });
      expect(sent).toBe(1);

      // The customer sees the new amount and confirms it again; an approver countersigns again.
      const again = await confirm(world, { id: requote.id, quoteHash: requote.quoteHash });
      expect(again.status).toBe("awaiting_approval");
    },
  );

  it("a refund made in the store's admin lowers the new quote to the units left", async () => {
    const world = await openRobinsChat();
    const quote = await approvedKettleRefund(world);
    changeInStore(changes[1]?.edit ?? (() => {}), "2026-12-02T09:00:00Z");
    await executePendingAction({ actionId: quote.id }, context());
    const requote = await prisma.pendingAction.findFirstOrThrow({
      where: { conversationId: world.conversationId, id: { not: quote.id } },
    });
    expect(requote.lineIds).toEqual(quote.quote.lines.map((line) => line.lineId));
    expect(requote.netRefundCents).toBeLessThan(quote.quote.netRefundCents);
    expect(requote.netRefundCents).toBeGreaterThan(0);
  });

  it("tells a Spanish customer in Spanish what moved and that nothing was refunded", async () => {
    const world = await openRobinsChat();
    await prisma.conversation.update({
      where: { id: world.conversationId },
      data: { language: "es", languageSource: "customer" },
    });
    const quote = await approvedKettleRefund(world);
    changeInStore(changes[0]?.edit ?? (() => {}), "2026-12-02T09:00:00Z");

    expect((await executePendingAction({ actionId: quote.id }, context())).outcome).toBe("failed");

    const [told] = (await customerMessages(world)).slice(-2);
    expect(told).toContain("Antes de pagar tu reembolso de");
    expect(told).toContain("no se reembolsó nada");
    expect(told).not.toMatch(/Before paying|nothing was refunded/);
  });

  it("refuses when the store no longer has the order, and quotes nothing new", async () => {
    const world = await openRobinsChat();
    const quote = await approvedKettleRefund(world);
    store.orders.delete(ORDER_GID);
    const result = await executePendingAction({ actionId: quote.id }, context());
    expect(result.outcome).toBe("failed");
    if (result.outcome !== "failed") return;
    expect(result.reasons).toEqual([
      {
        code: "ORDER_CHANGED",
        message: "Order #1001 is no longer in the store, so the quote cannot be paid.",
      },
    ]);
    expect(
      await prisma.pendingAction.count({ where: { conversationId: world.conversationId } }),
    ).toBe(1);
    expect((await customerMessages(world)).at(-1)).toContain("our store no longer has it");
    expect(await prisma.refund.count()).toBe(0);
  });

  it("a line outside the quote removed in the store does not stop it: it pays once", async () => {
    const world = await openRobinsChat();
    const quote = await approvedKettleRefund(world);
    changeInStore((order) => {
      order.lines = order.lines.filter((line) => line.externalId !== MUG);
    }, "2026-12-02T09:00:00Z");
    expect((await executePendingAction({ actionId: quote.id }, context())).outcome).toBe(
      "executed",
    );
    expect(await prisma.refund.count({ where: { orderId: world.orderId } })).toBe(1);
  });

  it("unchanged, it pays exactly once", async () => {
    const world = await openRobinsChat();
    const quote = await approvedKettleRefund(world);
    const [first, second] = await Promise.all([
      executePendingAction({ actionId: quote.id }, context()),
      executePendingAction({ actionId: quote.id }, context()),
    ]);
    expect([first.outcome, second.outcome].sort()).toEqual(["executed", "not_claimed"]);
    expect(await prisma.refund.count({ where: { orderId: world.orderId } })).toBe(1);
    expect(store.reads).toBeGreaterThanOrEqual(1);
  });

  it("a store that cannot be read pays nothing: the action waits, approved, saying why, and pays once the store answers", async () => {
    const world = await openRobinsChat();
    const quote = await approvedKettleRefund(world);
    store.unreachable = true;

    const waiting = await executePendingAction({ actionId: quote.id }, context());
    expect(waiting).toMatchObject({ outcome: "waiting_for_store", status: "approved" });
    const again = await executePendingAction({ actionId: quote.id }, context());
    expect(again.outcome).toBe("waiting_for_store");
    const stored = await prisma.pendingAction.findUniqueOrThrow({ where: { id: quote.id } });
    expect(stored.status).toBe("approved");
    expect(stored.failureReason).toBe(
      "Not paid yet: the store could not be read to check order #1001 again before paying (UNAVAILABLE: Shopify answered 503 Service Unavailable). It is tried again automatically.",
    );
    // Said once, however often it is tried.
    const deferred = (await auditKinds(quote.id)).filter(
      (kind) => kind === "pending_action.execution_deferred",
    );
    expect(deferred).toHaveLength(1);
    expect(await prisma.refund.count()).toBe(0);

    // The sweep tries again once the action is stale; the store answers now.
    store.unreachable = false;
    offsetMs = 3 * 60 * 1000;
    const swept = await reconcilePayments({}, context());
    expect(swept.executed).toEqual([quote.id]);
    expect(await prisma.refund.count({ where: { orderId: world.orderId } })).toBe(1);
    const paid = await prisma.pendingAction.findUniqueOrThrow({ where: { id: quote.id } });
    expect(paid).toMatchObject({ status: "executed", failureReason: null });
    expect((await reconcilePayments({}, context())).executed).toEqual([]);
    expect(await prisma.refund.count()).toBe(1);
  });

  it("a quote made before quotes were pinned still pays under today's checks", async () => {
    const world = await openRobinsChat();
    const quote = await approvedKettleRefund(world);
    await prisma.pendingAction.update({
      where: { id: quote.id },
      data: { orderFingerprint: null, orderVersion: null },
    });
    changeInStore(changes[2]?.edit ?? (() => {}), "2026-12-02T09:00:00Z");
    const result = await executePendingAction({ actionId: quote.id }, context());
    expect(result.outcome).toBe("executed");
    expect(await prisma.refund.count({ where: { orderId: world.orderId } })).toBe(1);
  });
});

describe("the same refusal through the other doors", () => {
  it("an email refund is refused by email and its new quote queued for an approver", async () => {
    const world = await openRobinsChat("email");
    const quote = await quoteKettles(world);
    expect(quote.status).toBe("awaiting_approval");
    const approver = await prisma.staffUser.findFirstOrThrow({ where: { role: "approver" } });
    await approveAction(
      { actionId: quote.id, deciderId: approver.id, quoteHash: quote.quoteHash },
      context(),
    );
    changeInStore(changes[0]?.edit ?? (() => {}), "2026-12-02T09:00:00Z");

    expect((await executePendingAction({ actionId: quote.id }, context())).outcome).toBe("failed");

    const email = await prisma.outboxEmail.findFirstOrThrow({
      where: { idempotencyKey: `order-changed:${quote.id}` },
    });
    expect(email).toMatchObject({
      toAddress: "robin@example.com",
      subject: "About your refund for order #1001",
    });
    expect(email.bodyText).toContain("nothing was refunded");
    expect(email.bodyText).toContain("A member of our team needs to approve it");
    const requote = await prisma.pendingAction.findFirstOrThrow({
      where: { conversationId: world.conversationId, id: { not: quote.id } },
    });
    expect(requote.status).toBe("awaiting_approval");
    expect(await prisma.refund.count()).toBe(0);
  });

  it("an approver's click: nothing paid, the customer told once, the new quote stays open", async () => {
    const world = await openRobinsChat();
    const quote = await quoteKettles(world);
    expect((await confirm(world, quote)).status).toBe("awaiting_approval");
    changeInStore(changes[2]?.edit ?? (() => {}), "2026-12-02T09:00:00Z");
    const approver = await prisma.staffUser.findFirstOrThrow({ where: { role: "approver" } });

    const decided = await decideApproval(
      {
        decision: "approve",
        quoteHash: quote.quoteHash,
        actionId: quote.id,
        deciderId: approver.id,
      },
      context(),
    );
    await decided.agentTurn;

    expect(decided.result).toMatchObject({ status: "failed", refund: null });
    expect(await prisma.refund.count()).toBe(0);
    const requote = await prisma.pendingAction.findFirstOrThrow({
      where: { conversationId: world.conversationId, id: { not: quote.id } },
    });
    expect(requote.status).toBe("awaiting_confirmation");
    const told = (await customerMessages(world)).filter((body) =>
      body.includes("I checked the order again"),
    );
    expect(told).toHaveLength(1);
  });
});

describe("a yes to a quote whose order changed since", () => {
  it("is refused from the cached order (no store call), told why and re-quoted", async () => {
    const world = await openRobinsChat();
    const quote = await quoteKettles(world);
    changeInStore((order) => {
      order.deliveredAt = new Date(clock().getTime() - 6 * DAY_MS);
    }, "2026-12-02T09:00:00Z");
    await cacheFromStore();
    const readsBefore = store.reads;

    const answer = await confirm(world, quote);

    expect(answer.status).toBe("expired");
    expect(store.reads).toBe(readsBefore);
    const outdated = await prisma.auditEvent.findFirstOrThrow({
      where: { subjectId: quote.id, kind: "pending_action.outdated" },
    });
    expect(outdated.payload).toMatchObject({
      reasons: [
        "Order #1001 changed in the store since the quote was made: its delivery details changed.",
      ],
    });
    const requote = await prisma.pendingAction.findFirstOrThrow({
      where: { conversationId: world.conversationId, id: { not: quote.id } },
    });
    expect(requote.status).toBe("awaiting_confirmation");
    const [told, shown] = (await customerMessages(world)).slice(-2);
    expect(told).toContain("I couldn't accept that confirmation");
    expect(told).toContain("its delivery details changed");
    expect(told).toContain("Here is a new quote for the order as it is now");
    expect(shown).toContain("Here is the refund I can offer for order #1001:");
    expect((await confirm(world, requote)).status).toBe("awaiting_approval");
  });
});
