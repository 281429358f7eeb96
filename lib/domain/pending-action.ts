import { type Actor, AGENT_REQUESTER } from "./actor";
import type { AuditEventDefinitions, AuditEventInput, AuditEventKind } from "./audit-events";
import { can, type Role } from "./authz";
import { DomainError } from "./errors";
import { type Gates, requiredGates } from "./gates";
import type { Channel } from "./order-facts";
import { isHoldStatus, isTerminalStatus, type PendingActionStatus } from "./pending-action-status";
import type { RefundPolicy } from "./policy-document";
import { blamesMerchant } from "./policy-rules";
import { hashQuote, type Quote, quoteSchema } from "./quote";
import { computeQuoteExpiry } from "./settings";

export {
  HOLD_STATUSES,
  isTerminalStatus,
  PENDING_ACTION_STATUSES,
  type PendingActionStatus,
  pendingActionStatusSchema,
  TERMINAL_STATUSES,
} from "./pending-action-status";

/**
 * A consequential action the server owns: one refund of one immutable quote, the gates it must
 * pass, and where it stands. Only `transition` moves it.
 */
export type PendingActionState = {
  id: string;
  status: PendingActionStatus;
  customerId: string;
  conversationId: string;
  channel: Channel;
  quote: Quote;
  quoteHash: string;
  gates: Gates;
  /** "agent" when the AI agent proposed it, otherwise the staff user's id. */
  requestedBy: string;
  /** The payment provider and the email outbox dedupe on this; it is the action id. */
  idempotencyKey: string;
  createdAt: Date;
  updatedAt: Date;
  /** When an unconfirmed quote lapses. Once the customer has confirmed, it no longer applies. */
  expiresAt: Date;
  confirmedAt: Date | null;
  /** The staff user who confirmed on the customer's behalf; they may not also approve it. */
  confirmedByStaffId: string | null;
  approvedBy: string | null;
  approvedAt: Date | null;
  rejectedBy: string | null;
  rejectionNote: string | null;
  supersededBy: string | null;
  refundId: string | null;
  failureReason: string | null;
};

export type PendingActionEvent =
  | { type: "proposed_to_customer" }
  | {
      type: "customer_confirmed";
      quoteHash: string;
      conversationId: string;
      customerId: string;
      /** The newest quote message in the conversation, as the server read it, or null if none. */
      presentation: PresentedQuoteRef | null;
    }
  | { type: "customer_declined" }
  /** After confirming: the customer's explicit request to cancel, before execution starts. */
  | { type: "customer_cancelled"; messageId: string | null }
  | { type: "interrupted" }
  /** The quote is shown again inside its original hold: pausing never buys more time. */
  | { type: "resumed" }
  /** Replaced by a newer action, or by the customer's own "replace" message. */
  | { type: "superseded"; byActionId: string }
  | { type: "superseded_by_customer"; messageId: string }
  | { type: "staff_approved"; userId: string; roles: Role[]; quoteHash: string }
  | { type: "staff_rejected"; userId: string; roles: Role[]; note: string }
  | { type: "expired" }
  /** The order changed under an unconfirmed quote (a line refunded or being refunded elsewhere). */
  | { type: "outdated"; reasons: string[] }
  /**
   * Not paid yet, for a reason that passes by itself (the store could not be read to check the
   * order): stays approved, the reason shown to staff, and execution is tried again later.
   */
  | { type: "execution_deferred"; reason: string }
  | { type: "execution_started" }
  | { type: "execution_succeeded"; refundId: string }
  | { type: "execution_unknown"; detail?: string }
  | { type: "execution_failed"; reason: string }
  | { type: "reconciled_succeeded"; refundId: string }
  | { type: "reconciled_failed"; reason: string };

export type PendingActionEventType = PendingActionEvent["type"];

/** What the newest code-built quote message showed, and whether this session saw it. */
export type PresentedQuoteRef = {
  actionId: string;
  quoteHash: string;
  /** Shown after the confirming session began (an ended session's quotes bind nothing). */
  shownInThisSession: boolean;
  /** It was the newest quote message when the customer's typed "yes" was stored. */
  seenBeforeReply: boolean;
};

export type TransitionErrorCode =
  | "ILLEGAL_TRANSITION"
  | "ACTOR_NOT_ALLOWED"
  | "WRONG_CUSTOMER"
  | "WRONG_CONVERSATION"
  | "QUOTE_HASH_MISMATCH"
  | "NOT_PRESENTED"
  | "EXPIRED"
  | "NOT_EXPIRED"
  | "NOT_APPROVER"
  | "SELF_APPROVAL"
  | "ALREADY_DECIDED"
  | "NOTE_REQUIRED"
  | "INVALID_EVENT";

export type TransitionContext = { now: Date; actor: Actor };

export type TransitionResult =
  | { ok: true; action: PendingActionState; auditEvents: AuditEventInput[] }
  | {
      ok: false;
      error: { code: TransitionErrorCode; message: string };
      /** A `pending_action.transition_refused` event the caller should store. */
      auditEvents: AuditEventInput[];
    };

/**
 * The whole state machine: for each event, the statuses it may leave from. Every other
 * (status, event) pair is illegal, and terminal statuses appear in no list.
 */
export const ALLOWED_FROM: Readonly<
  Record<PendingActionEventType, readonly PendingActionStatus[]>
> = {
  proposed_to_customer: ["proposed"],
  customer_confirmed: ["awaiting_confirmation"],
  customer_declined: ["awaiting_confirmation", "suspended"],
  customer_cancelled: ["awaiting_approval", "approved"],
  interrupted: ["awaiting_confirmation"],
  resumed: ["suspended"],
  superseded: ["proposed", "awaiting_confirmation", "suspended", "awaiting_approval"],
  // A confirmed refund is not the customer's to replace in passing; only to cancel explicitly.
  superseded_by_customer: ["proposed", "awaiting_confirmation", "suspended"],
  staff_approved: ["awaiting_approval"],
  staff_rejected: ["awaiting_approval"],
  expired: ["proposed", "awaiting_confirmation", "suspended"],
  outdated: ["awaiting_confirmation", "suspended"],
  execution_deferred: ["approved"],
  execution_started: ["approved"],
  execution_succeeded: ["executing"],
  execution_unknown: ["executing"],
  // From `approved`: revalidation refused it before any money moved.
  execution_failed: ["approved", "executing"],
  reconciled_succeeded: ["needs_reconciliation"],
  reconciled_failed: ["needs_reconciliation"],
};

export type CreatePendingActionInput = {
  id: string;
  customerId: string;
  conversationId: string;
  channel: Channel;
  quote: Quote;
  gates: Gates;
  now: Date;
  /** The agent, or a staff user acting for the customer. */
  actor: Actor;
  /** The policy the quote was made under: its gates and quote hold apply. */
  policy: RefundPolicy;
};

/**
 * A new action in `proposed`, with its quote hash and hold. Gates may be stricter than policy
 * requires (staff can insist on review) but never looser.
 */
export function createPendingAction(input: CreatePendingActionInput): {
  action: PendingActionState;
  auditEvents: AuditEventInput[];
} {
  const { quote, gates, now, actor } = input;
  if (!quoteSchema.safeParse(quote).success) {
    throw new DomainError("INVALID_QUOTE", "The quote does not add up; re-run the policy engine");
  }
  if (quote.customerId !== input.customerId) {
    throw new DomainError("INVALID_PENDING_ACTION", "The quote belongs to another customer");
  }
  if (quote.policyVersion !== input.policy.version) {
    throw new DomainError("INVALID_PENDING_ACTION", "The quote was made under another policy", {
      quoted: quote.policyVersion,
      policy: input.policy.version,
    });
  }
  const required = requiredGates(
    input.channel,
    quote.netRefundCents,
    quote.reason,
    input.policy.document,
  );
  if (
    (required.customerConfirmation && !gates.customerConfirmation) ||
    (required.staffApproval && !gates.staffApproval)
  ) {
    throw new DomainError("INVALID_PENDING_ACTION", "Gates are looser than the policy requires", {
      required,
      gates,
    });
  }
  if (actor.type !== "agent" && actor.type !== "staff") {
    throw new DomainError("INVALID_PENDING_ACTION", "Only the agent or staff can propose a refund");
  }
  const action: PendingActionState = {
    id: input.id,
    status: "proposed",
    customerId: input.customerId,
    conversationId: input.conversationId,
    channel: input.channel,
    quote,
    quoteHash: hashQuote(quote),
    gates: { ...gates },
    requestedBy: actor.type === "staff" ? actor.userId : AGENT_REQUESTER,
    idempotencyKey: input.id,
    createdAt: now,
    updatedAt: now,
    expiresAt: computeQuoteExpiry(now, input.policy.document),
    confirmedAt: null,
    confirmedByStaffId: null,
    approvedBy: null,
    approvedAt: null,
    rejectedBy: null,
    rejectionNote: null,
    supersededBy: null,
    refundId: null,
    failureReason: null,
  };
  return {
    action,
    auditEvents: [
      {
        kind: "pending_action.created",
        subjectType: "pending_action",
        subjectId: action.id,
        actor,
        occurredAt: now,
        payload: {
          status: action.status,
          conversationId: action.conversationId,
          customerId: action.customerId,
          channel: action.channel,
          orderId: quote.orderId,
          lineIds: quote.lines.map((line) => line.lineId),
          reason: quote.reason,
          merchantFault: blamesMerchant(input.policy.document, quote.reason),
          netRefundCents: quote.netRefundCents,
          currency: quote.currency,
          quoteHash: action.quoteHash,
          policyVersion: quote.policyVersion,
          gates: action.gates,
          requestedBy: action.requestedBy,
          expiresAt: action.expiresAt.toISOString(),
        },
      },
    ],
  };
}

/** Where an action goes once the customer has either confirmed or was never asked. */
function afterCustomerGate(gates: Gates): PendingActionStatus {
  return gates.staffApproval ? "awaiting_approval" : "approved";
}

type Refusal = { code: TransitionErrorCode; message: string };
/** Kinds written for a successful move; the server's own kinds (declaration merging) are not. */
type MoveKind = Exclude<
  Extract<AuditEventKind, `pending_action.${string}`>,
  "pending_action.created" | "pending_action.transition_refused"
>;
type Applied = { action: PendingActionState; auditEvent: AuditEventInput };

function refuse(code: TransitionErrorCode, message: string): Refusal {
  return { code, message };
}

function isExpired(action: PendingActionState, now: Date): boolean {
  return now.getTime() >= action.expiresAt.getTime();
}

/** The customer the actor speaks for: the customer themselves, or staff acting on their behalf. */
function customerSpokenFor(actor: Actor): string | null {
  if (actor.type === "customer") return actor.customerId;
  if (actor.type === "staff") return actor.onBehalfOf?.customerId ?? null;
  return null;
}

function checkCustomer(action: PendingActionState, actor: Actor): Refusal | null {
  const customerId = customerSpokenFor(actor);
  if (customerId === null) {
    return refuse("ACTOR_NOT_ALLOWED", "Only the customer can answer their own quote");
  }
  if (customerId !== action.customerId) {
    return refuse("WRONG_CUSTOMER", "This quote belongs to another customer");
  }
  return null;
}

function checkStaffDecision(
  action: PendingActionState,
  actor: Actor,
  decision: Extract<PendingActionEvent, { type: "staff_approved" | "staff_rejected" }>,
): Refusal | null {
  if (actor.type !== "staff" || actor.userId !== decision.userId) {
    return refuse("NOT_APPROVER", "Only the signed-in approver can record their own decision");
  }
  // The signed-in actor's roles are authoritative; the event's copy must not claim more.
  if (!can(actor.roles, "approvals.decide") || !can(decision.roles, "approvals.decide")) {
    return refuse("NOT_APPROVER", "Deciding refunds needs the approver or admin role");
  }
  if (decision.userId === action.requestedBy) {
    return refuse("SELF_APPROVAL", "Nobody may decide a refund they requested");
  }
  // Otherwise one person could be both the customer's "yes" and the countersignature.
  if (decision.type === "staff_approved" && decision.userId === action.confirmedByStaffId) {
    return refuse(
      "SELF_APPROVAL",
      "Nobody may approve a refund they confirmed on the customer's behalf",
    );
  }
  return null;
}

function checkActor(
  action: PendingActionState,
  event: PendingActionEvent,
  actor: Actor,
): Refusal | null {
  switch (event.type) {
    case "customer_confirmed":
    case "customer_declined":
    case "customer_cancelled":
    case "interrupted":
    case "resumed":
    case "superseded_by_customer":
      return checkCustomer(action, actor);
    case "proposed_to_customer":
      return actor.type === "customer"
        ? refuse("ACTOR_NOT_ALLOWED", "A customer cannot propose a quote to themselves")
        : null;
    case "staff_approved":
    case "staff_rejected":
      return checkStaffDecision(action, actor, event);
    case "outdated":
    case "execution_deferred":
    case "execution_started":
    case "execution_succeeded":
    case "execution_unknown":
    case "execution_failed":
      return actor.type === "system"
        ? null
        : refuse("ACTOR_NOT_ALLOWED", "Only the server's executor reports execution");
    case "reconciled_succeeded":
    case "reconciled_failed":
      return actor.type === "system" ||
        (actor.type === "staff" && can(actor.roles, "refunds.reconcile"))
        ? null
        : refuse("ACTOR_NOT_ALLOWED", "Reconciling needs the server or an approver");
    case "superseded":
      // A customer can replace only their own request; the agent, staff and server replace any.
      return actor.type === "customer" ? checkCustomer(action, actor) : null;
    case "expired":
      return null;
  }
}

function move(
  action: PendingActionState,
  to: PendingActionStatus,
  now: Date,
  changes: Partial<PendingActionState> = {},
): PendingActionState {
  return { ...action, ...changes, status: to, updatedAt: now };
}

function apply(
  action: PendingActionState,
  event: PendingActionEvent,
  { now, actor }: TransitionContext,
): Applied | Refusal {
  const from = action.status;
  const audit = <K extends MoveKind>(
    kind: K,
    next: PendingActionState,
    payload: Omit<AuditEventDefinitions[K]["payload"], "from" | "to">,
  ): Applied => ({
    action: next,
    // TypeScript cannot narrow the mapped union through generic K; the parameters tie kind and payload.
    auditEvent: {
      kind,
      subjectType: "pending_action",
      subjectId: action.id,
      actor,
      occurredAt: now,
      payload: { from, to: next.status, policyVersion: action.quote.policyVersion, ...payload },
    } as AuditEventInput,
  });
  const holdLapsed = isHoldStatus(from) && isExpired(action, now);

  switch (event.type) {
    case "proposed_to_customer": {
      if (holdLapsed) return refuse("EXPIRED", "The quote expired before it was shown");
      const to = action.gates.customerConfirmation
        ? "awaiting_confirmation"
        : afterCustomerGate(action.gates);
      return audit("pending_action.proposed", move(action, to, now), {
        quoteHash: action.quoteHash,
      });
    }
    case "customer_confirmed": {
      if (holdLapsed) return refuse("EXPIRED", "The quote expired; ask for a fresh quote");
      if (event.conversationId !== action.conversationId) {
        return refuse("WRONG_CONVERSATION", "This quote was offered in another conversation");
      }
      if (event.customerId !== action.customerId) {
        return refuse("WRONG_CUSTOMER", "This quote belongs to another customer");
      }
      if (event.quoteHash !== action.quoteHash) {
        return refuse("QUOTE_HASH_MISMATCH", "The confirmation is for a different quote");
      }
      const shown = event.presentation;
      if (!shown || shown.actionId !== action.id || shown.quoteHash !== action.quoteHash) {
        return refuse("NOT_PRESENTED", "This is not the quote most recently shown to the customer");
      }
      if (!shown.shownInThisSession || !shown.seenBeforeReply) {
        return refuse("NOT_PRESENTED", "The customer has not seen this quote in this chat session");
      }
      // Staff speaking for the customer is not the customer: a person other than them must
      // countersign, whatever the amount.
      const byStaff = actor.type === "staff" ? actor.userId : null;
      const gates = byStaff ? { ...action.gates, staffApproval: true } : action.gates;
      const next = move(action, afterCustomerGate(gates), now, {
        confirmedAt: now,
        confirmedByStaffId: byStaff,
        gates,
      });
      return audit("pending_action.confirmed", next, {
        quoteHash: action.quoteHash,
        conversationId: event.conversationId,
        customerId: event.customerId,
        ...(byStaff ? { onBehalfOfCustomerBy: byStaff } : {}),
      });
    }
    case "customer_declined":
      return audit("pending_action.declined", move(action, "declined", now), {});
    case "customer_cancelled":
      return audit("pending_action.cancelled", move(action, "declined", now), {
        messageId: event.messageId,
      });
    case "interrupted":
      if (holdLapsed) return refuse("EXPIRED", "The quote expired; there is nothing to suspend");
      return audit("pending_action.suspended", move(action, "suspended", now), {});
    case "resumed": {
      if (holdLapsed) return refuse("EXPIRED", "The quote expired; ask for a fresh quote");
      const next = move(action, "awaiting_confirmation", now, { confirmedAt: null });
      return audit("pending_action.resumed", next, { expiresAt: action.expiresAt.toISOString() });
    }
    case "superseded":
      if (event.byActionId === action.id || event.byActionId.trim() === "") {
        return refuse("INVALID_EVENT", "An action is superseded by a different action");
      }
      return audit(
        "pending_action.superseded",
        move(action, "superseded", now, { supersededBy: event.byActionId }),
        { byActionId: event.byActionId },
      );
    case "superseded_by_customer":
      return audit("pending_action.superseded_by_customer", move(action, "superseded", now), {
        messageId: event.messageId,
      });
    case "staff_approved": {
      if (event.quoteHash !== action.quoteHash) {
        return refuse("QUOTE_HASH_MISMATCH", "The approval is for a different quote");
      }
      const next = move(action, "approved", now, { approvedBy: event.userId, approvedAt: now });
      return audit("pending_action.approved", next, {
        approverId: event.userId,
        roles: event.roles,
        quoteHash: action.quoteHash,
        netRefundCents: action.quote.netRefundCents,
      });
    }
    case "staff_rejected": {
      const note = event.note.trim();
      if (note === "") {
        return refuse("NOTE_REQUIRED", "A rejection needs a note the agent can pass on");
      }
      const next = move(action, "rejected", now, { rejectedBy: event.userId, rejectionNote: note });
      return audit("pending_action.rejected", next, {
        approverId: event.userId,
        roles: event.roles,
        note,
      });
    }
    case "expired":
      if (!isExpired(action, now)) {
        return refuse("NOT_EXPIRED", "The quote's hold has not ended yet");
      }
      return audit("pending_action.expired", move(action, "expired", now), {
        expiresAt: action.expiresAt.toISOString(),
      });
    case "outdated": {
      if (event.reasons.length === 0) {
        return refuse("INVALID_EVENT", "A quote is outdated only for a stated reason");
      }
      // Nothing can confirm it any more, like an expired quote; the reasons say why.
      const next = move(action, "expired", now, { failureReason: event.reasons.join(" ") });
      return audit("pending_action.outdated", next, { reasons: event.reasons });
    }
    case "execution_deferred": {
      if (event.reason.trim() === "") {
        return refuse("INVALID_EVENT", "A payment is put off only for a stated reason");
      }
      const next = move(action, "approved", now, { failureReason: event.reason });
      return audit("pending_action.execution_deferred", next, { reason: event.reason });
    }
    case "execution_started":
      // A reason it waited before no longer applies once it is being paid.
      return audit(
        "pending_action.execution_started",
        move(action, "executing", now, { failureReason: null }),
        {
          idempotencyKey: action.idempotencyKey,
          quoteHash: action.quoteHash,
          netRefundCents: action.quote.netRefundCents,
        },
      );
    case "execution_succeeded":
    case "reconciled_succeeded":
      return audit(
        "pending_action.executed",
        move(action, "executed", now, { refundId: event.refundId }),
        {
          refundId: event.refundId,
          via: event.type === "execution_succeeded" ? "execution" : "reconciliation",
        },
      );
    case "execution_unknown":
      return audit("pending_action.execution_unknown", move(action, "needs_reconciliation", now), {
        idempotencyKey: action.idempotencyKey,
        detail: event.detail ?? null,
      });
    case "execution_failed":
    case "reconciled_failed":
      return audit(
        "pending_action.failed",
        move(action, "failed", now, { failureReason: event.reason }),
        {
          reason: event.reason,
          via: event.type === "execution_failed" ? "execution" : "reconciliation",
        },
      );
  }
}

/**
 * The only way a pending action changes. Pure: returns the next state plus the audit events to
 * write in the same database transaction, or a typed refusal (with its own audit event).
 */
export function transition(
  action: PendingActionState,
  event: PendingActionEvent,
  context: TransitionContext,
): TransitionResult {
  const result = decide(action, event, context);
  if ("code" in result) {
    return {
      ok: false,
      error: result,
      auditEvents: [
        {
          kind: "pending_action.transition_refused",
          subjectType: "pending_action",
          subjectId: action.id,
          actor: context.actor,
          occurredAt: context.now,
          payload: {
            status: action.status,
            event: event.type,
            code: result.code,
            message: result.message,
          },
        },
      ],
    };
  }
  return { ok: true, action: result.action, auditEvents: [result.auditEvent] };
}

function decide(
  action: PendingActionState,
  event: PendingActionEvent,
  context: TransitionContext,
): Applied | Refusal {
  const decidedBy = action.approvedBy ?? action.rejectedBy;
  if ((event.type === "staff_approved" || event.type === "staff_rejected") && decidedBy !== null) {
    // Checked before the status so the second of two racing approvers learns who was first.
    const verb = action.approvedBy === null ? "rejected" : "approved";
    return refuse("ALREADY_DECIDED", `This refund was already ${verb} by ${decidedBy}`);
  }
  if (isTerminalStatus(action.status)) {
    return refuse("ILLEGAL_TRANSITION", `The action is ${action.status}; nothing can change it`);
  }
  if (!ALLOWED_FROM[event.type].includes(action.status)) {
    return refuse("ILLEGAL_TRANSITION", `${event.type} is not allowed while ${action.status}`);
  }
  return checkActor(action, event, context.actor) ?? apply(action, event, context);
}

export type GateStep =
  | "propose_to_customer"
  | "await_customer_confirmation"
  | "await_customer_resume"
  | "await_staff_approval"
  | "execute"
  | "await_execution_result"
  | "reconcile"
  | "none";

/** What has to happen next for the action to move forward ("none" once it is terminal). */
export function nextGateStep(action: Pick<PendingActionState, "status">): GateStep {
  const steps: Record<PendingActionStatus, GateStep> = {
    proposed: "propose_to_customer",
    awaiting_confirmation: "await_customer_confirmation",
    suspended: "await_customer_resume",
    awaiting_approval: "await_staff_approval",
    approved: "execute",
    executing: "await_execution_result",
    needs_reconciliation: "reconcile",
    executed: "none",
    declined: "none",
    rejected: "none",
    expired: "none",
    superseded: "none",
    failed: "none",
  };
  return steps[action.status];
}

export type GateState = "not_required" | "pending" | "met";

/** Per gate, for the approval card and the ticket's gate chips. */
export function describeGates(
  action: Pick<PendingActionState, "gates" | "confirmedAt" | "approvedBy">,
): { customerConfirmation: GateState; staffApproval: GateState } {
  const state = (required: boolean, met: boolean): GateState =>
    required ? (met ? "met" : "pending") : "not_required";
  return {
    customerConfirmation: state(action.gates.customerConfirmation, action.confirmedAt !== null),
    staffApproval: state(action.gates.staffApproval, action.approvedBy !== null),
  };
}
