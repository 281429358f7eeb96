import { randomUUID } from "node:crypto";
import type {
  ConversationChannel,
  ConversationStatus,
  PendingActionStatus,
  PrismaClient,
  RunStatus,
  WorkflowStatus,
} from "@/lib/generated/prisma/client";
import { testWorkspaceId } from "./test-workspace";

/*
 * Inserts rows directly, with the timestamps a test chooses, for tests of code that only reads
 * or prunes what other services wrote (retention, insights). Values are plausible, not derived.
 */

const uid = () => randomUUID().slice(0, 8);

export async function createCustomerOrder(db: PrismaClient) {
  const customer = await db.customer.create({
    data: {
      email: `c-${uid()}@example.com`,
      name: "Row Builder",
      workspaceId: await testWorkspaceId(db),
    },
  });
  const order = await db.order.create({
    data: {
      number: `RB-${uid()}`,
      customerId: customer.id,
      placedAt: new Date("2026-01-01T00:00:00Z"),
      shippingCents: 500,
      paymentMethodLabel: "Visa •4242",
      lines: {
        create: [
          {
            position: 1,
            sku: "SKU-1",
            name: "Kettle",
            category: "kitchen",
            quantity: 1,
            unitPriceCents: 4800,
          },
        ],
      },
    },
  });
  return { customerId: customer.id, orderId: order.id };
}

export async function createConversation(
  db: PrismaClient,
  input: {
    customerId: string;
    orderId?: string;
    channel?: ConversationChannel;
    status?: ConversationStatus;
    workflowStatus?: WorkflowStatus;
    createdAt: Date;
    lastMessageAt?: Date;
    resolvedAt?: Date | null;
    humanOwnerId?: string | null;
  },
) {
  return db.conversation.create({
    data: {
      customerId: input.customerId,
      orderId: input.orderId ?? null,
      channel: input.channel ?? "chat",
      status: input.status ?? "waiting_on_customer",
      workflowStatus: input.workflowStatus ?? "open",
      subject: "Row builder conversation",
      createdAt: input.createdAt,
      lastMessageAt: input.lastMessageAt ?? input.createdAt,
      resolvedAt: input.resolvedAt ?? null,
      humanOwnerId: input.humanOwnerId ?? null,
    },
  });
}

export async function createMessage(
  db: PrismaClient,
  input: {
    conversationId: string;
    authorKind: "customer" | "agent" | "staff" | "system";
    createdAt: Date;
    staffUserId?: string;
    body?: string;
  },
) {
  return db.message.create({
    data: {
      conversationId: input.conversationId,
      authorKind: input.authorKind,
      visibility: "customer",
      body: input.body ?? `${input.authorKind} says hello`,
      staffUserId: input.staffUserId ?? null,
      createdAt: input.createdAt,
    },
  });
}

export async function createRun(
  db: PrismaClient,
  input: {
    conversationId: string;
    status?: RunStatus;
    finishedAt: Date | null;
    steps?: number;
    inputTokens?: number;
    outputTokens?: number;
    costMicroUsd?: number;
    providerResponseId?: string;
    stepErrors?: number;
  },
) {
  const steps = input.steps ?? 2;
  const errors = input.stepErrors ?? 0;
  return db.run.create({
    data: {
      conversationId: input.conversationId,
      status: input.status ?? "completed",
      provider: "offline",
      model: "offline-1",
      finishedAt: input.finishedAt,
      createdAt: input.finishedAt ?? new Date(),
      inputTokens: input.inputTokens ?? 0,
      outputTokens: input.outputTokens ?? 0,
      costMicroUsd: input.costMicroUsd ?? 0,
      providerResponseId: input.providerResponseId ?? null,
      stepCount: steps,
      steps: {
        create: Array.from({ length: steps }, (_, index) => ({
          sequence: index,
          kind: index < errors ? ("tool_result" as const) : ("model_output" as const),
          isError: index < errors,
          toolName: index < errors ? "propose_refund" : null,
          provider: "offline",
          model: "offline-1",
          processId: "row-builder",
          text: "step",
        })),
      },
    },
  });
}

export async function createAction(
  db: PrismaClient,
  input: {
    conversationId: string;
    customerId: string;
    orderId: string;
    status: PendingActionStatus;
    createdAt: Date;
    netRefundCents?: number;
    reason?: string;
    idempotencyKey?: string;
    confirmedAt?: Date | null;
    executedAt?: Date | null;
  },
) {
  const id = `pa_${uid()}`;
  return db.pendingAction.create({
    data: {
      id,
      status: input.status,
      conversationId: input.conversationId,
      customerId: input.customerId,
      orderId: input.orderId,
      reason: input.reason ?? "changed_mind",
      lineIds: [],
      quote: {},
      quoteHash: `hash-${id}`,
      policyVersion: "test",
      netRefundCents: input.netRefundCents ?? 4800,
      needsConfirmation: true,
      needsApproval: false,
      requestedBy: "agent",
      expiresAt: new Date(input.createdAt.getTime() + 10 * 60_000),
      idempotencyKey: input.idempotencyKey ?? `refund:${id}`,
      createdAt: input.createdAt,
      confirmedAt: input.confirmedAt ?? null,
      executedAt: input.executedAt ?? null,
    },
  });
}
