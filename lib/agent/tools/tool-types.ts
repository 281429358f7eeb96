import type { z } from "zod";
import type { ClaimFacts } from "@/lib/domain/check-customer-message-claims";
import type { DisputeCategory, DisputeImpact } from "@/lib/domain/disputes";
import type { Language } from "@/lib/domain/languages";
import type { NeedsPersonFlag } from "@/lib/domain/needs-person";
import type { OrderFacts } from "@/lib/domain/order-facts";
import type { ProposeRefundResult } from "@/lib/domain/propose-refund-result";
import type { RefundPolicy, RefundReason } from "@/lib/domain/refund-policy";
import type { DomainSettings } from "@/lib/domain/settings";
import type { PrismaClient } from "@/lib/generated/prisma/client";

/**
 * The port through which tools change things: declared here, implemented by the server for one
 * run of one conversation (lib/server/services/runs/agent-services.ts), which keeps persistence,
 * audit and realtime on its side. Tools decide; the server stores.
 */
export type AgentServices = {
  getSettings(): Promise<DomainSettings>;
  /** The refund policy in force now for this conversation's customer's workspace. */
  getPolicy(): Promise<RefundPolicy>;
  /** This conversation's customer's order with this number as the policy engine sees it, or null. */
  loadCustomerOrderFacts(orderNumber: string): Promise<OrderFacts | null>;
  /** This conversation's customer's orders (or only the one with this number), newest first. */
  listCustomerOrders(orderNumber: string | null): Promise<CustomerOrders>;
  /** Prepares a quote as a pending action; never refunds. Throws AppError on a refused request. */
  proposeRefund(request: {
    orderId: string;
    lineIds: string[];
    reason: RefundReason;
    toolCallId: string;
    now: Date;
  }): Promise<ProposeRefundResult>;
  /** What this conversation's records say, for checking a customer message's claims. */
  loadClaimFacts(): Promise<ClaimFacts>;
  /** Stores and sends a reply to this conversation's customer, once per dedupe key. */
  deliverCustomerMessage(input: {
    body: string;
    dedupeKey: string;
    now: Date;
  }): Promise<{ messageId: string }>;
  /**
   * Flags the conversation for a person and tells the customer one will answer (once per flag);
   * no customer message starts the agent again until a person took over or replied.
   */
  handOffToPerson(input: {
    flag: NeedsPersonFlag;
    dedupeKey: string;
    now: Date;
  }): Promise<{ customerTold: boolean }>;
  /** Stores an internal note on the ticket, once per dedupe key. */
  leaveTeamNote(input: { note: string; dedupeKey: string }): Promise<{ messageId: string }>;
  /** Opens a dispute ticket for ledger-checked charges, or finds the open one covering them. */
  openDisputeTicket(input: {
    idempotencyKey: string;
    chargeReferences: string[];
    amountCents: number;
    suppliedAmountCents: number | null;
    currency: string;
    category: DisputeCategory;
    impact: DisputeImpact;
    summary: string;
    now: Date;
  }): Promise<{ ticket: DisputeTicketView; alreadyOpen: boolean }>;
};

export type CustomerOrders = {
  /** A sender with no customer account (emailed in from an unknown address): no orders. */
  contactOnly: boolean;
  orders: {
    orderNumber: string;
    currency: string;
    placedAt: string;
    deliveredAt: string | null;
    shippingCents: number;
    paymentMethod: string;
    lines: {
      lineId: string;
      name: string;
      category: string;
      quantity: number;
      unitPriceCents: number;
      finalSale: boolean;
      opened: boolean;
      /** Taken by refunds that succeeded. */
      refundedQuantity: number;
    }[];
  }[];
};

export type DisputeTicketView = {
  id: string;
  chargeReferences: string[];
  amountCents: number;
  currency: string;
  category: DisputeCategory;
  impact: DisputeImpact;
};

// Everything a handler may rely on. The customer comes from the conversation row, never from the
// model's arguments: that is the scope every id the model sends is checked against.
export type ToolContext = {
  /** For reads only; every write goes through `services`. */
  db: PrismaClient;
  services: AgentServices;
  runId: string;
  toolCallId: string;
  now: Date;
  conversation: {
    id: string;
    channel: "chat" | "email";
    subject: string;
    customerId: string;
    customerName: string;
    customerEmail: string;
    /** The language code-rendered text for the customer is written in (renderingLanguage). */
    language: Language;
  };
};

export type ToolResult = Record<string, unknown>;

export type AgentTool<Schema extends z.ZodObject = z.ZodObject> = {
  name: string;
  description: string;
  schema: Schema;
  /**
   * Changes nothing anywhere, so it may run before its call is stored and again after a crash:
   * the loop stores its result with the model output that asked for it, in one write.
   */
  readOnly?: true;
  execute(args: z.infer<Schema>, context: ToolContext): Promise<ToolResult>;
};

// A refusal the model can act on (out-of-scope id, nothing eligible…): recorded as an error step
// and returned to the model as the tool result, not raised as a run failure.
export class ToolError extends Error {
  constructor(
    message: string,
    readonly details?: Record<string, unknown>,
  ) {
    super(message);
    this.name = "ToolError";
  }
}

export function defineTool<Schema extends z.ZodObject>(tool: AgentTool<Schema>): AgentTool<Schema> {
  return tool;
}

// Deterministic keys make a re-executed call (after a crash between side effect and result)
// land on the row it already created.
export function toolIdempotencyKey(context: Pick<ToolContext, "runId" | "toolCallId">): string {
  return `${context.runId}:${context.toolCallId}`;
}
