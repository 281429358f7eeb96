import "server-only";
import { storedRefusedLines } from "@/lib/domain/customer-phrases";
import { renderingLanguage } from "@/lib/domain/languages";
import { quoteSchema } from "@/lib/domain/quote";
import { describeQuoteNotices } from "@/lib/domain/quote-presentation";
import { ACTIVE_RUN_STATUSES } from "@/lib/domain/run-lifecycle";
import { latestRealtimePosition } from "@/lib/server/realtime/replay-events";
import {
  attachmentViewSelect,
  toAttachmentView,
} from "@/lib/server/services/attachments/attachment-view";
import type { UseCaseContext } from "@/lib/server/use-case-context";
import type { WidgetSession } from "./resolve-widget-session";
import type {
  WidgetMessage,
  WidgetQuoteCard,
  WidgetSnapshot,
  WidgetTimelineItem,
} from "./widget-snapshot";

const VISIBLE_AUTHORS = ["customer", "agent", "staff"] as const;

export async function getWidgetSnapshot(
  input: { session: WidgetSession },
  context: Pick<UseCaseContext, "db">,
): Promise<WidgetSnapshot> {
  const { db } = context;
  const { session } = input;
  const conversationId = session.conversationId;
  // Read first: whatever commits after this id arrives on the stream, and nothing between the
  // two reads can fall through the gap.
  const latestEventId = await latestRealtimePosition(db);
  const [conversation, messages, actions, activeRuns] = await Promise.all([
    db.conversation.findUniqueOrThrow({
      where: { id: conversationId },
      select: { language: true, languageSource: true },
    }),
    db.message.findMany({
      where: { conversationId, visibility: "customer", authorKind: { in: [...VISIBLE_AUTHORS] } },
      orderBy: [{ createdAt: "asc" }, { id: "asc" }],
      select: {
        id: true,
        authorKind: true,
        body: true,
        createdAt: true,
        presentedActionId: true,
        attachments: {
          select: attachmentViewSelect,
          orderBy: [{ createdAt: "asc" }, { id: "asc" }],
        },
      },
    }),
    db.pendingAction.findMany({
      where: { conversationId, customerId: session.customerId },
      orderBy: [{ createdAt: "asc" }, { id: "asc" }],
      include: {
        refund: {
          select: {
            id: true,
            amountCents: true,
            target: true,
            status: true,
            statusReason: true,
            paidAt: true,
          },
        },
      },
    }),
    db.run.count({ where: { conversationId, status: { in: [...ACTIVE_RUN_STATUSES] } } }),
  ]);
  const conversationLanguage = { code: conversation.language, source: conversation.languageSource };
  const language = renderingLanguage(conversationLanguage);

  // A quote reaches the customer in a code-built presentation message; the widget draws that
  // message as the quote's card (with its buttons), at the time of its newest presentation.
  const presentedAt = new Map<string, string>();
  for (const message of messages) {
    if (message.presentedActionId) {
      presentedAt.set(message.presentedActionId, message.createdAt.toISOString());
    }
  }
  const timeline: WidgetMessage[] = messages
    .filter((message) => message.presentedActionId === null)
    .map(
      (message): WidgetMessage => ({
        kind: "message",
        id: message.id,
        author: message.authorKind as WidgetMessage["author"],
        body: message.body,
        createdAt: message.createdAt.toISOString(),
        ...(message.attachments.length > 0 && {
          attachments: message.attachments.map((row) => toAttachmentView(row, "customer")),
        }),
      }),
    );
  const cards = actions.flatMap((action): WidgetQuoteCard[] => {
    const shownAt = presentedAt.get(action.id);
    if (!shownAt) return [];
    const quote = quoteSchema.parse(action.quote);
    const card: WidgetQuoteCard = {
      kind: "quote",
      id: action.id,
      status: action.status,
      quoteHash: action.quoteHash,
      orderNumber: quote.orderNumber,
      reason: quote.reason,
      currency: quote.currency,
      lines: quote.lines.map(
        ({ lineId, name, quantity, subtotalCents, feeCents, feeRateBasisPoints }) => ({
          lineId,
          name,
          quantity,
          subtotalCents,
          feeCents,
          feeRateBasisPoints,
        }),
      ),
      subtotalCents: quote.subtotalCents,
      feeCents: quote.feeCents,
      shippingRefundCents: quote.shippingRefundCents,
      netRefundCents: quote.netRefundCents,
      refundTarget: quote.refundTarget,
      notices: describeQuoteNotices({
        quote,
        refused: storedRefusedLines(action, language),
        reasonStatedByCustomer: action.reasonStatedByCustomer,
        language,
      }),
      outdatedBecause: action.status === "expired" ? action.failureReason : null,
      needsApproval: action.needsApproval,
      expiresAt: action.expiresAt.toISOString(),
      createdAt: action.createdAt.toISOString(),
      refund: action.refund && {
        id: action.refund.id,
        amountCents: action.refund.amountCents,
        target: action.refund.target,
        state: action.refund.status,
        reason: action.refund.statusReason,
        wasPaid: action.refund.paidAt !== null,
      },
    };
    return [{ ...card, createdAt: shownAt }];
  });

  return {
    conversationId,
    customerName: session.customer.name,
    identityMethod: session.identityMethod,
    workspaceName: session.workspace.name,
    language: { conversation: conversationLanguage, rendering: language },
    agentWorking: activeRuns > 0,
    latestEventId: latestEventId?.toString() ?? null,
    items: placeCards(timeline, cards),
  };
}

// Each card sits where its quote was last presented; a card and a message at the same instant
// keep the message first.
function placeCards(messages: WidgetMessage[], cards: WidgetQuoteCard[]): WidgetTimelineItem[] {
  const keyed = [
    ...messages.map((item) => ({ item, at: item.createdAt, order: 0 })),
    ...cards.map((item) => ({ item, at: item.createdAt, order: 1 })),
  ];
  keyed.sort((a, b) => a.at.localeCompare(b.at) || a.order - b.order);
  return keyed.map(({ item }) => item);
}
