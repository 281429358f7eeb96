import type { z } from "zod";
import { approvalLimitFor } from "./approval-limit";
import { computeAuditMac } from "./audit-chain";
import { AUDIT_EVENT_KINDS, type AuditEventDefinitions, readAuditEvent } from "./audit-events";
import { sha256Hex } from "./canonical-hash";
import { isDomainError } from "./errors";
import { hashQuote, type Quote, quoteSchema } from "./quote";
import {
  APPROVER_LIMIT_SETTING,
  computeReceiptMac,
  type ReceiptAuditEvent,
  type ReceiptEventName,
  type RefundReceipt,
  refundReceiptSchema,
} from "./refund-receipt";
import { DEFAULT_SETTINGS } from "./settings";

/*
 * Offline verification of a refund receipt with the audit key alone. Every event's keyed hash is
 * recomputed exactly as the chain computes it; every headline field is compared with the events
 * that state it; the events must belong to this refund and stand in the order the product writes
 * them; and the MAC over the whole receipt must match. Every disagreement is reported in words
 * that name the field, so one changed character shows where it was changed. Nothing is trusted
 * because it is present: a receipt that cannot be read is not verified.
 */

export type RefundReceiptVerification = { ok: true } | { ok: false; problems: string[] };

type Payload<K extends keyof AuditEventDefinitions> = AuditEventDefinitions[K]["payload"];

export function verifyRefundReceipt(input: unknown, key: Uint8Array): RefundReceiptVerification {
  const parsed = refundReceiptSchema.safeParse(input);
  if (!parsed.success) {
    return {
      ok: false,
      problems: parsed.error.issues.map(
        (issue) => `${issue.path.length ? issue.path.join(".") : "receipt"}: ${issue.message}`,
      ),
    };
  }
  const problems = new ReceiptProblems(parsed.data, key);
  problems.checkReceiptMac();
  problems.checkEventHashes();
  problems.checkQuote();
  problems.checkCreated();
  problems.checkExecuted();
  problems.checkConsent();
  problems.checkApproval();
  problems.checkProviderState();
  const found = problems.list();
  return found.length === 0 ? { ok: true } : { ok: false, problems: found };
}

class ReceiptProblems {
  private readonly found: string[] = [];
  private readonly refund: RefundReceipt["refund"];

  constructor(
    private readonly receipt: RefundReceipt,
    private readonly key: Uint8Array,
  ) {
    this.refund = receipt.refund;
  }

  list(): string[] {
    return this.found;
  }

  private add(problem: string): void {
    this.found.push(problem);
  }

  checkReceiptMac(): void {
    if (computeReceiptMac(this.key, this.receipt) !== this.receipt.receiptMac) {
      this.add(
        "receiptMac: does not match the receipt's contents under this key (changed after export, or another key)",
      );
    }
  }

  checkEventHashes(): void {
    for (const name of Object.keys(this.receipt.events) as ReceiptEventName[]) {
      this.eventIntact(name);
    }
  }

  checkQuote(): void {
    const { hash, snapshot } = this.receipt.quote;
    const quote = readQuote(snapshot);
    if (!quote.ok) {
      this.add(`quote.snapshot: not a well-formed quote (${quote.problem})`);
      return;
    }
    if (hashQuote(quote.data) !== hash) {
      this.add("quote.hash: is not the hash of quote.snapshot");
    }
    const { refund } = this;
    this.agree("quote.snapshot", [
      ["netRefundCents", quote.data.netRefundCents, "refund.amountCents", refund.amountCents],
      ["currency", quote.data.currency, "refund.currency", refund.currency],
      ["orderId", quote.data.orderId, "refund.orderId", refund.orderId],
      ["customerId", quote.data.customerId, "refund.customerId", refund.customerId],
    ]);
  }

  checkCreated(): void {
    const created = this.event("created", "pending_action.created");
    if (!created) return;
    const { refund } = this;
    const { event, payload } = created;
    this.agree("events.created", [
      ["subjectId", event.subjectId, "refund.pendingActionId", refund.pendingActionId],
      ["payload.quoteHash", payload.quoteHash, "quote.hash", this.receipt.quote.hash],
      ["payload.netRefundCents", payload.netRefundCents, "refund.amountCents", refund.amountCents],
      ["payload.currency", payload.currency, "refund.currency", refund.currency],
      [
        "payload.conversationId",
        payload.conversationId,
        "refund.conversationId",
        refund.conversationId,
      ],
      ["payload.customerId", payload.customerId, "refund.customerId", refund.customerId],
      ["payload.orderId", payload.orderId, "refund.orderId", refund.orderId],
    ]);
  }

  checkExecuted(): void {
    const executed = this.event("executed", "refund.executed");
    if (!executed) return;
    const { refund } = this;
    const { event, payload } = executed;
    this.agree("events.executed", [
      ["subjectId", event.subjectId, "refund.id", refund.id],
      [
        "payload.pendingActionId",
        payload.pendingActionId,
        "refund.pendingActionId",
        refund.pendingActionId,
      ],
      [
        "payload.providerRefundId",
        payload.providerRefundId,
        "refund.providerRefundId",
        refund.providerRefundId,
      ],
      ["payload.amountCents", payload.amountCents, "refund.amountCents", refund.amountCents],
      ["payload.currency", payload.currency, "refund.currency", refund.currency],
      ["payload.quoteHash", payload.quoteHash, "quote.hash", this.receipt.quote.hash],
      ["payload.orderId", payload.orderId, "refund.orderId", refund.orderId],
      ["payload.customerId", payload.customerId, "refund.customerId", refund.customerId],
    ]);
    this.inOrder("created", "executed");
  }

  checkConsent(): void {
    const { consent } = this.receipt;
    const { events } = this.receipt;
    const created = this.payloadOf("created", "pending_action.created");
    if (created && created.gates.customerConfirmation === (consent.via === "not_required")) {
      this.add(
        created.gates.customerConfirmation
          ? "consent.via: not_required, but the quote's gates asked for the customer's confirmation"
          : `consent.via: ${consent.via}, but the quote's gates asked for no customer confirmation`,
      );
    }
    if (consent.via === "not_required") {
      this.absent("confirmed", "no customer confirmation was required");
      this.absent("buttonPress", "no customer confirmation was required");
      return;
    }
    if (!events.confirmed) {
      this.add("events.confirmed: missing; the customer's confirmation event must be included");
      return;
    }
    const confirmed = this.event("confirmed", "pending_action.confirmed");
    if (confirmed) {
      const { refund } = this;
      const { event, payload } = confirmed;
      this.agree("events.confirmed", [
        ["subjectId", event.subjectId, "refund.pendingActionId", refund.pendingActionId],
        ["payload.quoteHash", payload.quoteHash, "quote.hash", this.receipt.quote.hash],
        [
          "payload.conversationId",
          payload.conversationId,
          "refund.conversationId",
          refund.conversationId,
        ],
        ["payload.customerId", payload.customerId, "refund.customerId", refund.customerId],
      ]);
      this.inOrder("created", "confirmed");
      this.inOrder("confirmed", "executed");
    }
    if (consent.via === "message") {
      this.absent("buttonPress", "the consent came by message");
      const { message } = consent;
      if (sha256Hex(message.body) !== message.bodySha256) {
        this.add("consent.message.bodySha256: is not the sha256 of consent.message.body");
      }
      return;
    }
    if (consent.via === "unrecorded") {
      this.absent("buttonPress", "the consent is marked unrecorded");
      return;
    }
    if (!events.buttonPress) {
      this.add("events.buttonPress: missing; a consent by button must include its event");
      return;
    }
    const press = this.event("buttonPress", "widget_quote.answered");
    if (!press) return;
    const { refund } = this;
    const { event, payload } = press;
    this.agree("events.buttonPress", [
      ["subjectId", event.subjectId, "refund.pendingActionId", refund.pendingActionId],
      ["payload.answer", payload.answer, "consent.via", "confirm"],
      ["payload.quoteHash", payload.quoteHash, "quote.hash", this.receipt.quote.hash],
      [
        "payload.conversationId",
        payload.conversationId,
        "refund.conversationId",
        refund.conversationId,
      ],
    ]);
    // The button's own event is written once its answer is settled, after the confirmation.
    this.inOrder("confirmed", "buttonPress");
  }

  checkApproval(): void {
    const { approval, events } = this.receipt;
    const created = this.payloadOf("created", "pending_action.created");
    const confirmed = this.payloadOf("confirmed", "pending_action.confirmed");
    const onBehalfBy = confirmed?.onBehalfOfCustomerBy ?? null;
    const required = created ? created.gates.staffApproval || onBehalfBy !== null : false;
    if (!approval) {
      if (required) this.add("approval: missing, but this refund needed an approver");
      this.absent("approved", "the receipt names no approval");
      this.absent("approverLimitSetting", "the receipt names no approval");
      return;
    }
    if (!events.approved) {
      this.add("events.approved: missing; the approval decision must be included");
      return;
    }
    const approved = this.event("approved", "pending_action.approved");
    if (!approved) return;
    const { refund } = this;
    const { event, payload } = approved;
    this.agree("events.approved", [
      ["subjectId", event.subjectId, "refund.pendingActionId", refund.pendingActionId],
      ["payload.approverId", payload.approverId, "approval.approverId", approval.approverId],
      ["payload.quoteHash", payload.quoteHash, "quote.hash", this.receipt.quote.hash],
      ["payload.netRefundCents", payload.netRefundCents, "refund.amountCents", refund.amountCents],
    ]);
    this.inOrder("created", "approved");
    this.inOrder("approved", "executed");
    if (events.confirmed) this.inOrder("confirmed", "approved");
    if (created && approval.approverId === created.requestedBy) {
      this.add("approval.approverId: the approver is the person who requested the refund");
    }
    if (approval.approverId === onBehalfBy) {
      this.add("approval.approverId: the approver confirmed for the customer too");
    }
    this.checkApproverLimit(approval, approved.payload.roles);
  }

  private checkApproverLimit(
    approval: NonNullable<RefundReceipt["approval"]>,
    roles: Payload<"pending_action.approved">["roles"],
  ): void {
    let configured = DEFAULT_SETTINGS.approverLimitCents;
    if (this.receipt.events.approverLimitSetting) {
      const setting = this.event("approverLimitSetting", "setting.changed");
      if (!setting) return;
      this.agree("events.approverLimitSetting", [
        ["payload.key", setting.payload.key, "the approver limit's key", APPROVER_LIMIT_SETTING],
      ]);
      this.inOrder("approverLimitSetting", "approved");
      if (typeof setting.payload.newValue !== "number") {
        this.add("events.approverLimitSetting: its new value is not an amount");
        return;
      }
      configured = setting.payload.newValue;
    }
    const limit = approvalLimitFor(roles, { approverLimitCents: configured });
    if (approval.limitCents !== limit) {
      this.add(
        `approval.limitCents: ${approval.limitCents} disagrees with ${limit} from the approver's roles and the limit then in force`,
      );
    }
    if (limit !== null && this.refund.amountCents > limit) {
      this.add("approval.limitCents: the refund is above the approver's limit");
    }
  }

  checkProviderState(): void {
    const state = this.receipt.events.providerState;
    // refund.executed records the state the provider answered with (events written before
    // providers reported states name none: those refunds were paid at once); a later
    // refund.provider_state_changed names the state it moved to.
    let stated = fieldIn(this.receipt.events.executed.payload, "providerStatus") ?? "succeeded";
    if (state) {
      if (!this.eventIntact("providerState")) return;
      this.agree("events.providerState", [
        ["kind", state.kind, "a provider state change", "refund.provider_state_changed"],
        ["subjectType", state.subjectType, "a refund event's subject type", "refund"],
        ["subjectId", state.subjectId, "refund.id", this.refund.id],
      ]);
      this.inOrder("executed", "providerState");
      const status = fieldIn(state.payload, "to");
      if (status === null) {
        this.add("events.providerState: its payload states no state");
        return;
      }
      stated = status;
    }
    if (stated !== this.refund.status) {
      this.add(
        `refund.status: ${JSON.stringify(this.refund.status)} disagrees with ${JSON.stringify(stated)} recorded in the audit log`,
      );
    }
  }

  /** The event if its MAC holds, it has the expected kind and its payload reads; else problems. */
  private event<K extends keyof AuditEventDefinitions>(
    name: ReceiptEventName,
    kind: K,
  ): { event: ReceiptAuditEvent; payload: Payload<K> } | null {
    const event = this.receipt.events[name];
    if (!event) return null;
    if (!this.eventIntact(name)) return null;
    if (event.kind !== kind) {
      this.add(`events.${name}: is a ${event.kind} event, not ${kind}`);
      return null;
    }
    const reading = readAuditEvent(event);
    if (reading.status !== "valid") {
      this.add(
        `events.${name}: ${reading.status === "invalid" ? reading.problem : "unknown kind"}`,
      );
      return null;
    }
    const schema: z.ZodType<Payload<K>> = AUDIT_EVENT_KINDS[kind].payload as never;
    return { event, payload: schema.parse(event.payload) };
  }

  /** The payload for a cross-check, without reporting again what `event` already reported. */
  private payloadOf<K extends keyof AuditEventDefinitions>(
    name: ReceiptEventName,
    kind: K,
  ): Payload<K> | null {
    const event = this.receipt.events[name];
    if (!event || event.kind !== kind || readAuditEvent(event).status !== "valid") return null;
    const schema: z.ZodType<Payload<K>> = AUDIT_EVENT_KINDS[kind].payload as never;
    return schema.parse(event.payload);
  }

  private readonly intact = new Map<ReceiptEventName, boolean>();

  /** Whether the event's keyed hash holds; reported once per event. */
  private eventIntact(name: ReceiptEventName): boolean {
    const known = this.intact.get(name);
    if (known !== undefined) return known;
    const event = this.receipt.events[name];
    const ok =
      event !== null &&
      computeAuditMac(this.key, { ...event, position: BigInt(event.position) }) === event.hash;
    if (event && !ok) {
      this.add(
        `events.${name} (audit position ${event.position}): its hash does not match its contents under this key`,
      );
    }
    this.intact.set(name, ok);
    return ok;
  }

  private absent(name: ReceiptEventName, why: string): void {
    if (this.receipt.events[name]) this.add(`events.${name}: present, but ${why}`);
  }

  private inOrder(earlier: ReceiptEventName, later: ReceiptEventName): void {
    const first = this.receipt.events[earlier];
    const second = this.receipt.events[later];
    if (first && second && BigInt(first.position) >= BigInt(second.position)) {
      this.add(
        `events.${later} (audit position ${second.position}): must come after events.${earlier} (${first.position})`,
      );
    }
  }

  /** Each row: the event's field, its value, and the receipt field and value it must equal. */
  private agree(where: string, rows: [string, unknown, string, unknown][]): void {
    for (const [field, stated, against, expected] of rows) {
      if (stated !== expected) {
        this.add(
          `${against}: ${JSON.stringify(expected)} disagrees with ${where}.${field} ${JSON.stringify(stated)}`,
        );
      }
    }
  }
}

// The quote's arithmetic check throws on a rate no fee can be computed at; a receipt that holds
// one is reported, never allowed to stop the verification.
function readQuote(snapshot: unknown): { ok: true; data: Quote } | { ok: false; problem: string } {
  try {
    const quote = quoteSchema.safeParse(snapshot);
    if (quote.success) return { ok: true, data: quote.data };
    const [issue] = quote.error.issues;
    return { ok: false, problem: `${issue?.path.join(".")}: ${issue?.message}` };
  } catch (error) {
    if (isDomainError(error)) return { ok: false, problem: error.message };
    throw error;
  }
}

function fieldIn(payload: ReceiptAuditEvent["payload"], field: string): string | null {
  if (!payload || typeof payload !== "object" || Array.isArray(payload)) return null;
  const value = payload[field];
  return typeof value === "string" ? value : null;
}
