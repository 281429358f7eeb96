import type { Actor } from "./actor";
import type { Role } from "./authz";
import type { Gates } from "./gates";
import type { Cents } from "./money";
import type { Channel } from "./order-facts";
import type { PendingActionStatus } from "./pending-action-status";
import type { RefundReason } from "./policy-rules";

type Move = { from: PendingActionStatus; to: PendingActionStatus };

/**
 * Every audit event kind, its subject type and its payload. Payloads hold only JSON values
 * (timestamps as ISO strings) so the hash computed here matches what a JSON column returns.
 * To add a kind, add an entry: to this interface, or from another module by declaration merging
 * (`declare module "@/lib/domain/audit-events" { interface AuditEventDefinitions { … } }`).
 */
export interface AuditEventDefinitions {
  "pending_action.created": {
    subjectType: "pending_action";
    payload: {
      status: PendingActionStatus;
      conversationId: string;
      customerId: string;
      channel: Channel;
      orderId: string;
      lineIds: string[];
      reason: RefundReason;
      netRefundCents: Cents;
      currency: string;
      quoteHash: string;
      policyVersion: string;
      gates: Gates;
      requestedBy: string;
      expiresAt: string;
    };
  };
  "pending_action.proposed": {
    subjectType: "pending_action";
    payload: Move & { quoteHash: string };
  };
  "pending_action.confirmed": {
    subjectType: "pending_action";
    payload: Move & {
      quoteHash: string;
      conversationId: string;
      customerId: string;
      /** The staff user who confirmed for the customer (demo mode); absent when they did. */
      onBehalfOfCustomerBy?: string;
    };
  };
  "pending_action.declined": { subjectType: "pending_action"; payload: Move };
  "pending_action.suspended": { subjectType: "pending_action"; payload: Move };
  "pending_action.resumed": {
    subjectType: "pending_action";
    payload: Move & { expiresAt: string };
  };
  "pending_action.superseded": {
    subjectType: "pending_action";
    payload: Move & { byActionId: string };
  };
  /** The customer's "replace" message ended the quote, in the transaction that stored it. */
  "pending_action.superseded_by_customer": {
    subjectType: "pending_action";
    payload: Move & { messageId: string };
  };
  /** A confirmed refund the customer explicitly asked to cancel before it executed. */
  "pending_action.cancelled": {
    subjectType: "pending_action";
    payload: Move & { messageId: string | null };
  };
  "pending_action.approved": {
    subjectType: "pending_action";
    payload: Move & { approverId: string; roles: Role[]; quoteHash: string; netRefundCents: Cents };
  };
  "pending_action.rejected": {
    subjectType: "pending_action";
    payload: Move & { approverId: string; roles: Role[]; note: string };
  };
  "pending_action.expired": {
    subjectType: "pending_action";
    payload: Move & { expiresAt: string };
  };
  "pending_action.outdated": {
    subjectType: "pending_action";
    payload: Move & { reasons: string[] };
  };
  "pending_action.execution_started": {
    subjectType: "pending_action";
    payload: Move & { idempotencyKey: string; quoteHash: string; netRefundCents: Cents };
  };
  "pending_action.executed": {
    subjectType: "pending_action";
    payload: Move & { refundId: string; via: "execution" | "reconciliation" };
  };
  "pending_action.execution_unknown": {
    subjectType: "pending_action";
    payload: Move & { idempotencyKey: string; detail: string | null };
  };
  "pending_action.failed": {
    subjectType: "pending_action";
    payload: Move & { reason: string; via: "execution" | "reconciliation" };
  };
  /** A refused move is evidence too: a second approval click, a stale confirmation. */
  "pending_action.transition_refused": {
    subjectType: "pending_action";
    payload: { status: PendingActionStatus; event: string; code: string; message: string };
  };
}

export type AuditEventKind = keyof AuditEventDefinitions;

export type AuditEventInput<K extends AuditEventKind = AuditEventKind> = {
  [P in K]: {
    kind: P;
    subjectType: AuditEventDefinitions[P]["subjectType"];
    subjectId: string;
    actor: Actor;
    occurredAt: Date;
    payload: AuditEventDefinitions[P]["payload"];
  };
}[K];
