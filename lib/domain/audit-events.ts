import type { Actor } from "./actor";
import type { Role } from "./authz";
import { canonicalJson, sha256Hex } from "./canonical-hash";
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
    payload: Move & { quoteHash: string; conversationId: string; customerId: string };
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

/** The fields that are hashed; a stored event read back from the database has these. */
export type AuditHashFields = {
  kind: string;
  subjectType: string;
  subjectId: string;
  actor: unknown;
  occurredAt: Date | string;
  payload: unknown;
};

export type ChainedAuditEvent = AuditHashFields & { prevHash: string | null; hash: string };

/**
 * sha256 over the canonical JSON of the event and the previous event's hash, so that editing,
 * removing or reordering any stored event breaks every hash after it.
 */
export function computeAuditHash(prevHash: string | null, event: AuditHashFields): string {
  return sha256Hex(
    canonicalJson({
      prevHash,
      kind: event.kind,
      subjectType: event.subjectType,
      subjectId: event.subjectId,
      actor: event.actor,
      occurredAt: new Date(event.occurredAt).toISOString(),
      payload: event.payload,
    }),
  );
}

export type AuditChainVerification =
  | { ok: true; checked: number }
  | { ok: false; brokenAt: number; problem: "PREV_HASH_MISMATCH" | "HASH_MISMATCH" };

/**
 * Checks events in chain order. `anchorHash` is the hash the first event must point back to:
 * null for the start of the log, or the last verified hash when checking a later page.
 */
export function verifyAuditChain(
  events: readonly ChainedAuditEvent[],
  options: { anchorHash?: string | null } = {},
): AuditChainVerification {
  let expectedPrev = options.anchorHash ?? null;
  for (const [index, event] of events.entries()) {
    if (event.prevHash !== expectedPrev) {
      return { ok: false, brokenAt: index, problem: "PREV_HASH_MISMATCH" };
    }
    if (event.hash !== computeAuditHash(event.prevHash, event)) {
      return { ok: false, brokenAt: index, problem: "HASH_MISMATCH" };
    }
    expectedPrev = event.hash;
  }
  return { ok: true, checked: events.length };
}
