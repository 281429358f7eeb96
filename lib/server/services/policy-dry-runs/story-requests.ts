import "server-only";
import { DEMO_ORDERS, daysAgo } from "@/lib/demo/demo-world";
import type { Channel, OrderFacts } from "@/lib/domain/order-facts";
import type { RefundReason } from "@/lib/domain/policy-reasons";
import { type ReplayableRequest, replayLabel } from "@/lib/domain/policy-replay";

/*
 * The refund requests of the scenario stories (docs/scenarios.md, lib/demo/demo-world.ts) that a
 * draft is replayed against besides the stored ones: each story that asks for a refund of its
 * own, with the lines and reason its customer gives. The later stories (yes-but-first, stale
 * hold, double approval…) ask for these same refunds again, so they add no request of their own.
 */
const STORY_REQUESTS: readonly {
  key: string;
  orderNumber: string;
  /** Line positions on the order, from 1. */
  lines: readonly number[];
  reason: RefundReason;
  channel: Channel;
}[] = [
  {
    key: "cracked-on-arrival",
    orderNumber: "A1043",
    lines: [1],
    reason: "damaged",
    channel: "email",
  },
  {
    key: "past-30-days",
    orderNumber: "A1021",
    lines: [1],
    reason: "no_longer_needed",
    channel: "email",
  },
  {
    key: "angry-customer",
    orderNumber: "A1066",
    lines: [1, 2],
    reason: "no_longer_needed",
    channel: "email",
  },
  { key: "too-big", orderNumber: "B2001", lines: [1], reason: "too_large", channel: "chat" },
  { key: "small-refund", orderNumber: "B2001", lines: [2], reason: "too_small", channel: "chat" },
  {
    key: "opened-electronics",
    orderNumber: "B2002",
    lines: [1],
    reason: "no_longer_needed",
    channel: "chat",
  },
];

function storyOrder(orderNumber: string, now: Date): OrderFacts {
  const order = DEMO_ORDERS.find((candidate) => candidate.number === orderNumber);
  if (!order) throw new Error(`No demo order ${orderNumber}`);
  return {
    orderId: `story-${order.number}`,
    orderNumber: order.number,
    customerId: `story-${order.customerEmail}`,
    currency: "USD",
    deliveredAt: daysAgo(now, order.deliveredDaysAgo),
    shippingCents: order.shippingCents,
    paymentMethodLabel: order.paymentMethodLabel,
    shippingAlreadyRefunded: false,
    lines: order.lines.map((line, index) => ({
      lineId: `${order.number}-${index + 1}`,
      name: line.name,
      category: line.category,
      quantity: line.quantity,
      unitPriceCents: line.unitPriceCents,
      finalSale: line.finalSale ?? false,
      opened: line.opened ?? false,
      refundedQuantity: 0,
    })),
  };
}

/** The stories' requests as made now, their orders dated as the stories tell them. */
export function storyRequests(now: Date): ReplayableRequest[] {
  return STORY_REQUESTS.map((story) => {
    const order = storyOrder(story.orderNumber, now);
    const selectedLineIds = story.lines.map((position) => `${story.orderNumber}-${position}`);
    return {
      source: "story",
      ref: story.key,
      conversationId: null,
      label: replayLabel(order, selectedLineIds, story.reason),
      order,
      selectedLineIds,
      reason: story.reason,
      channel: story.channel,
      at: now,
    };
  });
}
