import { z } from "zod";
import type { Actor } from "./actor";
import { attachmentSourceSchema, refusalReasonSchema } from "./attachments";
import type { SealedAuditRow } from "./audit-chain";
import { roleSchema } from "./authz";
import { gatesSchema } from "./gates";
import { languageSourceSchema } from "./languages";
import { needsPersonKindSchema } from "./needs-person";
import { channelSchema } from "./order-facts";
import { pendingActionStatusSchema } from "./pending-action-status";
import { dryRunSummarySchema } from "./policy-dry-run";
import { refundReasonSchema } from "./policy-rules";
import { REFUND_STATES } from "./refund-state";
import { RETAINED_KINDS, type RetainedKind } from "./retention";
import { workflowStatusSchema } from "./workflow-status";

/*
 * Every audit event kind, with its subject type and its payload schema: the one list that
 * writers are typed by and readers (the audit page, the CSV export, both chain verifiers) parse
 * stored rows with. Payloads hold only JSON values (timestamps as ISO strings) so the hash
 * computed here matches what a JSON column returns.
 *
 * Rows already written never change, so a kind is never removed and a payload only ever gains
 * optional fields or wider enums; a row that still fails (written by a newer or an older build)
 * is reported as unreadable, never dropped, and its hash is checked over the stored bytes.
 */

const cents = z.number().int();
/** Every transition names the policy version its quote was made under (rows before v2 do not). */
const move = {
  from: pendingActionStatusSchema,
  to: pendingActionStatusSchema,
  policyVersion: z.string().optional(),
};
const policyDryRunSummary = dryRunSummarySchema;
const via = z.enum(["execution", "reconciliation"]);
const settingValue = z.union([z.number(), z.boolean()]);

function eachRetainedKind<T extends z.ZodType>(schema: T): Record<RetainedKind, T> {
  return Object.fromEntries(RETAINED_KINDS.map((retained) => [retained, schema])) as Record<
    RetainedKind,
    T
  >;
}

const refundStateSchema = z.enum(REFUND_STATES);

function kind<const S extends readonly [string, ...string[]], P extends z.ZodRawShape>(
  subjectTypes: S,
  payload: P,
) {
  return { subjectType: z.enum(subjectTypes), payload: z.object(payload) };
}

export const AUDIT_EVENT_KINDS = {
  "pending_action.created": kind(["pending_action"], {
    status: pendingActionStatusSchema,
    conversationId: z.string(),
    customerId: z.string(),
    channel: channelSchema,
    orderId: z.string(),
    lineIds: z.array(z.string()),
    reason: refundReasonSchema,
    /** The reason blames the merchant under the quote's policy version (rows before tags lack it). */
    merchantFault: z.boolean().optional(),
    netRefundCents: cents,
    currency: z.string(),
    quoteHash: z.string(),
    policyVersion: z.string(),
    gates: gatesSchema,
    requestedBy: z.string(),
    expiresAt: z.string(),
  }),
  "pending_action.proposed": kind(["pending_action"], { ...move, quoteHash: z.string() }),
  "pending_action.confirmed": kind(["pending_action"], {
    ...move,
    quoteHash: z.string(),
    conversationId: z.string(),
    customerId: z.string(),
    /** The staff user who confirmed for the customer (demo mode); absent when they did. */
    onBehalfOfCustomerBy: z.string().optional(),
  }),
  "pending_action.declined": kind(["pending_action"], move),
  "pending_action.suspended": kind(["pending_action"], move),
  "pending_action.resumed": kind(["pending_action"], { ...move, expiresAt: z.string() }),
  "pending_action.superseded": kind(["pending_action"], { ...move, byActionId: z.string() }),
  /** The customer's "replace" message ended the quote, in the transaction that stored it. */
  "pending_action.superseded_by_customer": kind(["pending_action"], {
    ...move,
    messageId: z.string(),
  }),
  /** A confirmed refund the customer explicitly asked to cancel before it executed. */
  "pending_action.cancelled": kind(["pending_action"], {
    ...move,
    messageId: z.string().nullable(),
  }),
  "pending_action.approved": kind(["pending_action"], {
    ...move,
    approverId: z.string(),
    roles: z.array(roleSchema),
    quoteHash: z.string(),
    netRefundCents: cents,
  }),
  "pending_action.rejected": kind(["pending_action"], {
    ...move,
    approverId: z.string(),
    roles: z.array(roleSchema),
    note: z.string(),
  }),
  "pending_action.expired": kind(["pending_action"], { ...move, expiresAt: z.string() }),
  "pending_action.outdated": kind(["pending_action"], { ...move, reasons: z.array(z.string()) }),
  /** Approved but not paid yet, for a reason that passes (the store could not be read). */
  "pending_action.execution_deferred": kind(["pending_action"], { ...move, reason: z.string() }),
  "pending_action.execution_started": kind(["pending_action"], {
    ...move,
    idempotencyKey: z.string(),
    quoteHash: z.string(),
    netRefundCents: cents,
  }),
  "pending_action.executed": kind(["pending_action"], { ...move, refundId: z.string(), via }),
  "pending_action.execution_unknown": kind(["pending_action"], {
    ...move,
    idempotencyKey: z.string(),
    detail: z.string().nullable(),
  }),
  "pending_action.failed": kind(["pending_action"], { ...move, reason: z.string(), via }),
  /** A refused move is evidence too: a second approval click, a stale confirmation. */
  "pending_action.transition_refused": kind(["pending_action"], {
    status: pendingActionStatusSchema,
    event: z.string(),
    code: z.string(),
    message: z.string(),
  }),

  /** The code-built quote message reached the customer; a confirmation binds to the newest one. */
  "quote.presented": kind(["pending_action"], {
    messageId: z.string(),
    quoteHash: z.string(),
    again: z.boolean(),
    expiresAt: z.string(),
  }),
  /** The customer answered a quote card with its Confirm or Decline button. */
  "widget_quote.answered": kind(["pending_action"], {
    conversationId: z.string(),
    sessionId: z.string(),
    answer: z.enum(["confirm", "decline"]),
    quoteHash: z.string(),
    outcome: z.string(),
  }),
  /** The provider answered a repeated idempotency key with the refund it had already made. */
  "payment.reused": kind(["pending_action"], {
    idempotencyKey: z.string(),
    providerRefundId: z.string(),
    provider: z.string(),
  }),
  /** A sweep failed on this row too often and now passes it by; a person must look at it. */
  "sweep.dead_lettered": kind(["pending_action"], {
    sweep: z.string(),
    attempts: z.number().int(),
    error: z.string(),
  }),
  "refund.executed": kind(["refund"], {
    pendingActionId: z.string(),
    providerRefundId: z.string(),
    idempotencyKey: z.string(),
    orderId: z.string(),
    customerId: z.string(),
    lineIds: z.array(z.string()),
    amountCents: cents,
    shippingCents: cents,
    currency: z.string(),
    target: z.string(),
    quoteHash: z.string(),
    /** Absent on refunds recorded before providers reported states: those were paid at once. */
    provider: z.string().optional(),
    providerStatus: refundStateSchema.optional(),
    providerStatusReason: z.string().nullable().optional(),
  }),
  /**
   * The payment provider reported a refund in a new state (a webhook, or a lookup by a person or
   * the sweep): pending → succeeded, succeeded → failed (the card was lost), and so on.
   */
  "refund.provider_state_changed": kind(["refund"], {
    pendingActionId: z.string(),
    provider: z.string(),
    providerRefundId: z.string(),
    from: refundStateSchema,
    to: refundStateSchema,
    reason: z.string().nullable(),
    /** The provider's event id for a webhook; null for a lookup. */
    providerEventId: z.string().nullable(),
  }),
  /** An admin saved a workspace's payment connection; secrets appear only as their last four. */
  "payment_connection.saved": kind(["payment_connection"], {
    workspaceId: z.string(),
    provider: z.string(),
    mode: z.string(),
    secretKeyLast4: z.string(),
    webhookSecretLast4: z.string(),
    replaced: z.boolean(),
  }),
  /** Staff tied an order to its payment at the provider, which refunds of the order are made against. */
  "order.payment_linked": kind(["order"], {
    orderNumber: z.string(),
    customerId: z.string(),
    paymentReference: z.string(),
    previous: z.string().nullable(),
  }),
  "payment_connection.removed": kind(["payment_connection"], {
    workspaceId: z.string(),
    provider: z.string(),
  }),
  "payment_connection.tested": kind(["payment_connection"], {
    workspaceId: z.string(),
    provider: z.string(),
    health: z.enum(["healthy", "failing"]),
    detail: z.string().nullable(),
  }),
  /** An admin made or rotated a workspace's orders API signing key; the key appears only as its last four. */
  "order_push_key.created": kind(["order_push_key"], {
    workspaceId: z.string(),
    secretLast4: z.string(),
    /** The last four of the key it replaced, which stopped working; null for a first key. */
    replacedLast4: z.string().nullable(),
  }),
  /** A store pushed an order through the signed orders API and it changed what Countersign keeps. */
  "order.pushed": kind(["order"], {
    workspaceId: z.string(),
    orderNumber: z.string(),
    version: z.string(),
    created: z.boolean(),
    /** The last four of the signing key that signed it. */
    keyLast4: z.string(),
  }),
  /** An admin imported orders from a CSV file: all of them in one transaction, or none. */
  "orders.imported": kind(["order_import"], {
    workspaceId: z.string(),
    fileName: z.string().nullable(),
    rows: z.number().int(),
    created: z.number().int(),
    updated: z.number().int(),
    unchanged: z.number().int(),
    /** The order numbers written, at most the first 100. */
    orderNumbers: z.array(z.string()),
  }),
  "email.queued": kind(["outbox_email"], {
    idempotencyKey: z.string(),
    to: z.string(),
    subject: z.string(),
    pendingActionId: z.string(),
  }),

  /*
   * Every text that reaches a customer, on any channel: which message or email it was and the
   * sha256 of its exact body, so what was said can be proven later.
   */
  "customer_message.sent": kind(["message", "outbox_email"], {
    conversationId: z.string().nullable(),
    channel: channelSchema,
    messageId: z.string().nullable(),
    outboxEmailId: z.string().nullable(),
    bodySha256: z.string(),
    bodyLength: z.number().int(),
  }),
  "conversation.flagged_for_person": kind(["conversation"], {
    conversationId: z.string(),
    kind: needsPersonKindSchema,
    reason: z.string(),
  }),
  /** The conversation's language was set: detected from the customer's words, or chosen. */
  "conversation.language_set": kind(["conversation"], {
    conversationId: z.string(),
    language: z.string(),
    previous: z.string().nullable(),
    source: languageSourceSchema,
  }),
  /** A tag was put on the conversation: by a person, or by a tag rule (lib/domain/tag-rules.ts). */
  "conversation.tagged": kind(["conversation"], {
    conversationId: z.string(),
    tagId: z.string(),
    tag: z.string(),
    rule: z.string().nullable(),
  }),
  "conversation.untagged": kind(["conversation"], {
    conversationId: z.string(),
    tagId: z.string(),
    tag: z.string(),
  }),
  /** An inbox view saved with a name: the owner's alone, or shared with the team. */
  "saved_view.created": kind(["saved_view"], {
    workspaceId: z.string(),
    name: z.string(),
    shared: z.boolean(),
  }),
  "saved_view.renamed": kind(["saved_view"], {
    workspaceId: z.string(),
    from: z.string(),
    to: z.string(),
  }),
  "saved_view.deleted": kind(["saved_view"], { workspaceId: z.string(), name: z.string() }),
  /** An admin switched one of the workspace's tag rules on or off. */
  "tag_rule.switched": kind(["workspace"], {
    workspaceId: z.string(),
    rule: z.string(),
    enabled: z.boolean(),
  }),
  "conversation.person_flag_cleared": kind(["conversation"], {
    conversationId: z.string(),
    kind: z.string(),
    clearedBy: z.enum(["take_over", "staff_reply"]),
  }),
  /**
   * An email arrived with a Message-ID an earlier, different email (another sender or text)
   * already used. It was stored under an id derived from its content; `messageId` is the id it
   * carried.
   */
  "inbound_email.message_id_reused": kind(["inbound_email"], {
    messageId: z.string(),
    fromAddress: z.string(),
  }),
  /** A file the customer sent was checked, stored outside the database and tied to its message. */
  "attachment.stored": kind(["attachment"], {
    conversationId: z.string(),
    messageId: z.string(),
    customerId: z.string(),
    source: attachmentSourceSchema,
    sha256: z.string(),
    storedMime: z.string(),
    sizeBytes: z.number().int(),
    originalName: z.string(),
  }),
  /** A file the customer sent was refused (its type, size or content); nothing of it was kept. */
  "attachment.refused": kind(["message"], {
    conversationId: z.string(),
    messageId: z.string(),
    source: attachmentSourceSchema,
    fileName: z.string(),
    reason: refusalReasonSchema,
  }),
  /** A customer proved who they are in the widget and got a chat session. */
  "widget_session.started": kind(["customer_session"], {
    conversationId: z.string(),
    customerId: z.string(),
    workspaceId: z.string(),
    identityMethod: z.enum(["order_check", "signed_token"]),
  }),

  "ticket.replied": kind(["conversation"], {
    conversationId: z.string(),
    messageId: z.string(),
    channel: channelSchema,
    outboxEmailId: z.string().nullable(),
    /** Why a person wrote: a reply they typed, or the outcome of a settled payment. */
    cause: z.enum(["staff_reply", "reconciliation_outcome"]),
  }),
  "ticket.note_added": kind(["conversation"], {
    conversationId: z.string(),
    messageId: z.string(),
  }),
  "ticket.taken_over": kind(["conversation"], {
    conversationId: z.string(),
    stoppedRunIds: z.array(z.string()),
  }),
  "ticket.handed_back": kind(["conversation"], {
    conversationId: z.string(),
    fromStaffId: z.string(),
  }),
  "ticket.assigned": kind(["conversation"], {
    conversationId: z.string(),
    fromAssigneeId: z.string().nullable(),
    toAssigneeId: z.string().nullable(),
  }),
  "ticket.status_changed": kind(["conversation"], {
    conversationId: z.string(),
    from: workflowStatusSchema,
    to: workflowStatusSchema,
    /** Who moved it: a person, the customer writing again, or the agent resolving it. */
    cause: z.enum(["staff", "customer_reply", "resolved", "refund_failed"]),
  }),

  "dispute.opened": kind(["dispute_ticket"], {
    conversationId: z.string(),
    customerId: z.string(),
    chargeReferences: z.array(z.string()),
    amountCents: cents,
    suppliedAmountCents: cents.nullable(),
    currency: z.string(),
    category: z.string(),
    impact: z.string(),
  }),
  "dispute.acknowledged": kind(["dispute_ticket"], {
    conversationId: z.string(),
    note: z.string().nullable(),
  }),
  "dispute.resolved": kind(["dispute_ticket"], {
    conversationId: z.string(),
    fromStatus: z.enum(["open", "acknowledged"]),
    note: z.string(),
  }),

  "run.started": kind(["run"], {
    conversationId: z.string(),
    provider: z.string(),
    model: z.string(),
    processId: z.string(),
  }),
  "run.resumed": kind(["run"], {
    conversationId: z.string(),
    fromStatus: z.string(),
    processId: z.string().nullable(),
  }),
  "run.lease_recovered": kind(["run"], {
    conversationId: z.string(),
    previousOwner: z.string(),
    processId: z.string(),
  }),
  /** Someone asked a run that another process holds to stop; that process writes run.stopped. */
  "run.stop_requested": kind(["run"], {
    conversationId: z.string(),
    stepCount: z.number().int(),
    leaseOwner: z.string().nullable(),
  }),
  "run.stopped": kind(["run"], {
    conversationId: z.string(),
    stepCount: z.number().int(),
    processId: z.string().nullable(),
  }),
  "run.completed": kind(["run"], {
    conversationId: z.string(),
    stepCount: z.number().int(),
    inputTokens: z.number().int(),
    outputTokens: z.number().int(),
    costMicroUsd: z.number().int(),
  }),
  "run.failed": kind(["run"], {
    conversationId: z.string(),
    stepCount: z.number().int(),
    error: z.string(),
  }),

  /** A support lead saved a draft of the workspace's next refund policy. */
  "policy.draft_saved": kind(["policy_version"], {
    workspaceId: z.string(),
    basedOn: z.string(),
    documentHash: z.string(),
  }),
  "policy.draft_discarded": kind(["policy_version"], { workspaceId: z.string() }),
  /** A draft replayed against the stories and the stored requests, before it may be published. */
  "policy.dry_run_completed": kind(["policy_dry_run"], {
    workspaceId: z.string(),
    draftId: z.string(),
    documentHash: z.string(),
    comparedWith: z.string(),
    lookbackDays: z.number().int(),
    summary: policyDryRunSummary,
  }),
  /** A version went live (or was scheduled to), with the dry run it rests on. */
  "policy.published": kind(["policy_version"], {
    workspaceId: z.string(),
    version: z.string(),
    basedOn: z.string(),
    effectiveFrom: z.string(),
    effectiveUntil: z.string().nullable(),
    /** A roll back: the earlier version whose document this one restores. */
    restores: z.string().nullable(),
    dryRunId: z.string().nullable(),
    summary: policyDryRunSummary.nullable(),
  }),

  /** The admin's changes to settings, one event per changed key, with the value before and after. */
  /** A person stopped the ticket's SLA clocks, saying why; resumed, they count again. */
  "sla.paused": kind(["conversation"], { conversationId: z.string(), reason: z.string() }),
  "sla.resumed": kind(["conversation"], {
    conversationId: z.string(),
    reason: z.string(),
    pausedMinutes: z.int().min(0),
  }),
  /** The SLA targets or business calendar; open tickets' due times were recomputed with it. */
  "sla.settings_changed": kind(["setting"], {
    // As saved (validated then); read as any object, so a row outlives changes to the schema.
    oldValue: z.looseObject({}),
    newValue: z.looseObject({}),
    recomputedTickets: z.int().min(0),
  }),
  "setting.changed": kind(["setting"], {
    key: z.string(),
    oldValue: settingValue,
    newValue: settingValue,
  }),
  "staff.invited": kind(["staff_user"], { email: z.string(), name: z.string(), role: roleSchema }),
  "staff.role_changed": kind(["staff_user"], { oldRole: roleSchema, newRole: roleSchema }),
  "staff.deactivated": kind(["staff_user"], { email: z.string() }),
  /** The old password no longer works and every session ended; a new link was issued. */
  "staff.password_reset": kind(["staff_user"], { email: z.string() }),
  "staff.password_set": kind(["staff_user"], { email: z.string() }),

  /** A saved reply was written, changed or archived; `shared` when the whole team sees it. */
  "saved_reply.created": kind(["saved_reply"], {
    workspaceId: z.string(),
    title: z.string(),
    shared: z.boolean(),
  }),
  "saved_reply.updated": kind(["saved_reply"], {
    workspaceId: z.string(),
    title: z.string(),
    shared: z.boolean(),
  }),
  "saved_reply.archived": kind(["saved_reply"], {
    workspaceId: z.string(),
    title: z.string(),
    shared: z.boolean(),
  }),

  /** What one retention run deleted, as counts per kind with the cutoff each kind used. */
  "retention.pruned": kind(["retention"], {
    ...eachRetainedKind(z.number().int()),
    cutoffs: z.object(eachRetainedKind(z.string())),
  }),
} as const;

type Registry = typeof AUDIT_EVENT_KINDS;

export type AuditEventKind = keyof Registry;

export type AuditEventDefinitions = {
  [K in AuditEventKind]: {
    subjectType: z.infer<Registry[K]["subjectType"]>;
    payload: z.infer<Registry[K]["payload"]>;
  };
};

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

export function isAuditEventKind(kind: string): kind is AuditEventKind {
  return Object.hasOwn(AUDIT_EVENT_KINDS, kind);
}

/**
 * A stored event as the registry reads it. `unknown_kind`: no kind of that name (a newer build
 * wrote it, or the row was tampered with); `invalid`: the subject type or payload does not match
 * the kind's schema, with the first problem in words.
 */
export type AuditEventReading =
  | { status: "valid" }
  | { status: "unknown_kind" }
  | { status: "invalid"; problem: string };

export function readAuditEvent(row: {
  kind: string;
  subjectType: string;
  payload: unknown;
}): AuditEventReading {
  if (!isAuditEventKind(row.kind)) return { status: "unknown_kind" };
  const schema: { subjectType: z.ZodType; payload: z.ZodType } = AUDIT_EVENT_KINDS[row.kind];
  if (!schema.subjectType.safeParse(row.subjectType).success) {
    return { status: "invalid", problem: `subject type "${row.subjectType}" is not this kind's` };
  }
  const payload = schema.payload.safeParse(row.payload);
  if (payload.success) return { status: "valid" };
  const [issue] = payload.error.issues;
  const path = issue?.path.length ? issue.path.join(".") : "payload";
  return { status: "invalid", problem: `${path}: ${issue?.message ?? "does not match"}` };
}

/** The reading in a few words, as the audit page and the CSV export show it. */
export function describeAuditEventReading(reading: AuditEventReading): string {
  switch (reading.status) {
    case "valid":
      return "valid";
    case "unknown_kind":
      return "unknown kind";
    case "invalid":
      return `invalid: ${reading.problem}`;
  }
}

/** How many unreadable events a verification names; the rest are only counted. */
const UNREADABLE_NAMED = 10;

/**
 * Sealed events the registry cannot read, all of them counted and the first few named, so a
 * verification's memory stays flat however long the log is.
 */
export type UnreadableAuditEvents = {
  count: number;
  first: { position: bigint; id: string; kind: string; problem: string }[];
};

export const NO_UNREADABLE_EVENTS: UnreadableAuditEvents = { count: 0, first: [] };

export function tallyUnreadable(
  tally: UnreadableAuditEvents,
  rows: readonly Pick<SealedAuditRow, "position" | "id" | "kind" | "subjectType" | "payload">[],
): UnreadableAuditEvents {
  let { count } = tally;
  const first = [...tally.first];
  for (const row of rows) {
    const reading = readAuditEvent(row);
    if (reading.status === "valid") continue;
    count += 1;
    if (first.length < UNREADABLE_NAMED) {
      const problem = describeAuditEventReading(reading);
      first.push({ position: row.position, id: row.id, kind: row.kind, problem });
    }
  }
  return { count, first };
}
