import "server-only";
import type { Prisma, PrismaClient } from "@/lib/generated/prisma/client";
import { attachmentViewSelect } from "@/lib/server/services/attachments/attachment-view";

/*
 * Everything the ticket page shows about one conversation, read in one round of queries:
 * the conversation with its customer and order, every message, every run with its steps,
 * the pending actions with their decisions and refunds, the emails queued for it (with their
 * exact bodies), its disputes, and the staff it can be assigned to.
 */

type Reader = PrismaClient | Prisma.TransactionClient;

const conversationInclude = {
  customer: { select: { id: true, name: true, email: true, createdAt: true } },
  order: { select: { number: true } },
  assignee: { select: { id: true, name: true } },
  humanOwner: { select: { id: true, name: true } },
  // How the chat's customer proved who they are: the latest session says it.
  sessions: { select: { identityMethod: true }, orderBy: { createdAt: "desc" }, take: 1 },
} as const satisfies Prisma.ConversationInclude;

const actionInclude = {
  decision: { include: { decider: { select: { id: true, name: true } } } },
  refund: {
    select: {
      id: true,
      amountCents: true,
      currency: true,
      target: true,
      createdAt: true,
      status: true,
      statusReason: true,
      provider: true,
      paidAt: true,
      failedAt: true,
    },
  },
} as const satisfies Prisma.PendingActionInclude;

export type ThreadConversationRow = Prisma.ConversationGetPayload<{
  include: typeof conversationInclude;
}>;
export type ThreadActionRow = Prisma.PendingActionGetPayload<{ include: typeof actionInclude }>;
const messageInclude = {
  staffUser: { select: { name: true } },
  attachments: { select: attachmentViewSelect, orderBy: [{ createdAt: "asc" }, { id: "asc" }] },
} as const satisfies Prisma.MessageInclude;
export type ThreadMessageRow = Prisma.MessageGetPayload<{ include: typeof messageInclude }>;
export type ThreadRunRow = Prisma.RunGetPayload<{ include: { steps: true } }>;
const emailSelect = {
  id: true,
  idempotencyKey: true,
  toAddress: true,
  subject: true,
  bodyText: true,
  status: true,
  attempts: true,
  lastError: true,
  createdAt: true,
  sentAt: true,
} as const satisfies Prisma.OutboxEmailSelect;

export type ThreadEmailRow = Prisma.OutboxEmailGetPayload<{ select: typeof emailSelect }>;
export type ThreadDisputeRow = Prisma.DisputeTicketGetPayload<object>;
export type ThreadStaffRow = { id: string; name: string; role: "agent" | "approver" | "admin" };

export type ConversationThreadRows = {
  conversation: ThreadConversationRow;
  messages: ThreadMessageRow[];
  runs: ThreadRunRow[];
  actions: ThreadActionRow[];
  emails: ThreadEmailRow[];
  disputes: ThreadDisputeRow[];
  staff: ThreadStaffRow[];
};

/** The conversation, if its customer is in one of `workspaceIds`, with everything on its page. */
export async function findConversationThreadRows(
  db: Reader,
  { conversationId, workspaceIds }: { conversationId: string; workspaceIds: string[] },
): Promise<ConversationThreadRows | null> {
  const conversation = await db.conversation.findUnique({
    where: { id: conversationId, customer: { workspaceId: { in: workspaceIds } } },
    include: conversationInclude,
  });
  if (!conversation) return null;
  const [messages, runs, actions, emails, disputes, staff] = await Promise.all([
    db.message.findMany({
      where: { conversationId },
      include: messageInclude,
      orderBy: [{ createdAt: "asc" }, { id: "asc" }],
    }),
    db.run.findMany({
      where: { conversationId },
      // Within a run, sequence is the order: the processes that wrote the steps may disagree on time.
      include: { steps: { orderBy: { sequence: "asc" } } },
      orderBy: [{ createdAt: "asc" }, { id: "asc" }],
    }),
    db.pendingAction.findMany({
      where: { conversationId },
      include: actionInclude,
      orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    }),
    db.outboxEmail.findMany({
      where: { conversationId },
      select: emailSelect,
      orderBy: { createdAt: "asc" },
    }),
    db.disputeTicket.findMany({
      where: { conversationId },
      orderBy: [{ createdAt: "asc" }, { id: "asc" }],
    }),
    // Who the ticket can be assigned to: the active members of its customer's workspace.
    db.staffUser.findMany({
      where: {
        active: true,
        workspaces: {
          some: { workspace: { customers: { some: { id: conversation.customerId } } } },
        },
      },
      select: { id: true, name: true, role: true },
      orderBy: { name: "asc" },
    }),
  ]);
  return { conversation, messages, runs, actions, emails, disputes, staff };
}
