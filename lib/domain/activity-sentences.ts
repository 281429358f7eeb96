import { ATTACHMENT_REFUSAL_WORDS } from "./attachments";
import {
  AUDIT_EVENT_KINDS,
  type AuditEventDefinitions,
  type AuditEventKind,
  isAuditEventKind,
} from "./audit-events";
import { languageNameForStaff } from "./languages";
import { currencySchema, formatMoney } from "./money";
import { REFUND_REASON_LABELS } from "./policy-rules";
import {
  describeRefundReason,
  paymentProviderName,
  REFUND_STATE_LABELS,
} from "./refund-provider-words";
import { tagRuleById } from "./tag-rules";

/*
 * A ticket's audit trail told as sentences a person reads ("Maya Chen confirmed the $48.00
 * quote", "Pat Approver approved the $48.00 refund", "Stripe refunded $48.00 to Visa •4242").
 * Every registered kind has its sentence in one typed table, so a kind added to the registry
 * without one does not compile; a stored row this build cannot read still gets a plain line.
 */

/** Who wrote an event, as the audit row stores it. */
export type ActivityActorRow = {
  kind: "customer" | "staff" | "agent" | "system";
  id: string | null;
};

/** A stored audit event, oldest first in a story. */
export type ActivityEventRow = {
  id: string;
  kind: string;
  subjectType: string;
  subjectId: string;
  actor: ActivityActorRow;
  payload: unknown;
  at: string;
};

/** The names of the staff and customers the events mention, by id. */
export type ActivityNames = {
  staff: ReadonlyMap<string, string>;
  customers: ReadonlyMap<string, string>;
};

export type ActivityLine = { id: string; at: string; kind: string; sentence: string };

type QuoteAmount = { cents: number; currency: string };

/** What a sentence may use: who did it, and what the story so far says about its subject. */
type Scene = {
  actor: string;
  actorRow: ActivityActorRow;
  subjectId: string;
  staffName: (id: string) => string;
  customerName: (id: string) => string;
  /** The amount of a refund told earlier in the story ("$48.00"), else null. */
  amountOf: (actionId: string) => string | null;
};

type Payload<K extends AuditEventKind> = AuditEventDefinitions[K]["payload"];
type Teller<K extends AuditEventKind> = (payload: Payload<K>, scene: Scene) => string;

/** "the $48.00 quote" when the amount is known, "the quote" when not. */
function the(noun: string, scene: Scene, actionId = scene.subjectId): string {
  const amount = scene.amountOf(actionId);
  return amount ? `the ${amount} ${noun}` : `the ${noun}`;
}

/** A stored currency this build does not know is named rather than formatted. */
function money(cents: number, currency: string): string {
  return currencySchema.safeParse(currency).success
    ? formatMoney(cents, currency)
    : `${cents} minor units of ${currency}`;
}

const CHANNEL_WORDS = { chat: "in the chat", email: "by email" } as const;

const SENTENCES: { [K in AuditEventKind]: Teller<K> } = {
  "pending_action.created": (payload, scene) =>
    `${scene.actor} proposed a ${money(payload.netRefundCents, payload.currency)} refund (${REFUND_REASON_LABELS[payload.reason]})`,
  "pending_action.proposed": (_payload, scene) => `${capitalize(the("quote", scene))} was offered`,
  "pending_action.confirmed": (payload, scene) =>
    payload.onBehalfOfCustomerBy
      ? `${scene.staffName(payload.onBehalfOfCustomerBy)} confirmed ${the("quote", scene)} for ${scene.customerName(payload.customerId)}`
      : `${scene.customerName(payload.customerId)} confirmed ${the("quote", scene)}`,
  "pending_action.declined": (_payload, scene) => `${scene.actor} declined ${the("quote", scene)}`,
  "pending_action.suspended": (_payload, scene) =>
    `${capitalize(the("quote", scene))} was put on hold`,
  "pending_action.resumed": (_payload, scene) =>
    `${capitalize(the("quote", scene))} was taken off hold`,
  "pending_action.superseded": (_payload, scene) =>
    `${capitalize(the("quote", scene))} was replaced by a newer one`,
  "pending_action.superseded_by_customer": (_payload, scene) =>
    `The customer asked to change ${the("quote", scene)}, so it was replaced`,
  "pending_action.cancelled": (_payload, scene) =>
    `The customer cancelled ${the("refund", scene)} before it was paid`,
  "pending_action.approved": (payload, scene) =>
    scene.actorRow.kind === "staff"
      ? `${scene.staffName(payload.approverId)} approved ${the("refund", scene)}`
      : `${capitalize(the("refund", scene))} was approved automatically`,
  "pending_action.rejected": (payload, scene) =>
    `${scene.staffName(payload.approverId)} rejected ${the("refund", scene)}: “${payload.note}”`,
  "pending_action.expired": (_payload, scene) => `${capitalize(the("quote", scene))} expired`,
  "pending_action.outdated": (payload, scene) =>
    `${capitalize(the("quote", scene))} went out of date${payload.reasons.length > 0 ? ` (${payload.reasons.join("; ")})` : ""}`,
  "pending_action.execution_deferred": (payload, scene) =>
    `Paying ${the("refund", scene)} was put off: ${payload.reason}`,
  "pending_action.execution_started": (_payload, scene) =>
    `Countersign asked the payment provider to pay ${the("refund", scene)}`,
  "pending_action.executed": (payload, scene) =>
    payload.via === "reconciliation"
      ? `${scene.actor} settled ${the("refund", scene)} as paid`
      : `${capitalize(the("refund", scene))} went through`,
  "pending_action.execution_unknown": (_payload, scene) =>
    `The payment provider did not say whether ${the("refund", scene)} was paid; a person must check`,
  "pending_action.failed": (payload, scene) =>
    `${capitalize(the("refund", scene))} failed: ${payload.reason}`,
  "pending_action.transition_refused": (payload, scene) =>
    `${scene.actor} tried to act on ${the("refund", scene)}, which was refused: ${payload.message}`,
  "quote.presented": (payload, scene) =>
    `The customer was shown ${the("quote", scene)}${payload.again ? " again" : ""}`,
  "widget_quote.answered": (payload, scene) =>
    `The customer pressed ${payload.answer === "confirm" ? "Confirm" : "Decline"} on ${the("quote", scene)}`,
  "payment.reused": (payload, scene) =>
    `${paymentProviderName(payload.provider)} answered with the refund it had already made for ${the("quote", scene)}`,
  "sweep.dead_lettered": (_payload, scene) =>
    `Countersign stopped retrying ${the("refund", scene)}; a person must look at it`,
  "refund.executed": (payload) =>
    `${payload.provider ? paymentProviderName(payload.provider) : "The payment provider"} refunded ${money(payload.amountCents, payload.currency)} to ${payload.target}`,
  "refund.provider_state_changed": (payload, scene) => {
    const reason = describeRefundReason(payload.reason);
    return `${paymentProviderName(payload.provider)} reported ${the("refund", scene, payload.pendingActionId)} as ${REFUND_STATE_LABELS[payload.to].toLowerCase()}${reason ? ` (${reason})` : ""}`;
  },
  "payment_connection.saved": (payload, scene) =>
    `${scene.actor} saved the ${paymentProviderName(payload.provider)} connection`,
  "order.payment_linked": (payload, scene) =>
    `${scene.actor} linked order ${payload.orderNumber} to its payment`,
  "payment_connection.removed": (payload, scene) =>
    `${scene.actor} removed the ${paymentProviderName(payload.provider)} connection`,
  "payment_connection.tested": (payload, scene) =>
    `${scene.actor} tested the ${paymentProviderName(payload.provider)} connection: ${payload.health}`,
  "order_push_key.created": (_payload, scene) => `${scene.actor} made an orders API key`,
  "order.pushed": (payload) =>
    `The store ${payload.created ? "sent" : "updated"} order ${payload.orderNumber}`,
  "orders.imported": (payload, scene) => `${scene.actor} imported ${payload.rows} orders`,
  "email.queued": (payload) => `The email “${payload.subject}” was queued for the customer`,
  "customer_message.sent": (payload) =>
    `A message reached the customer ${CHANNEL_WORDS[payload.channel]}`,
  "conversation.flagged_for_person": (payload) =>
    `The ticket was handed to a person: ${payload.reason}`,
  "conversation.language_set": (payload, scene) =>
    payload.source === "detected"
      ? `The customer writes in ${languageNameForStaff(payload.language)}`
      : `${scene.actor} set the language to ${languageNameForStaff(payload.language)}`,
  "conversation.tagged": (payload, scene) =>
    payload.rule === null
      ? `${scene.actor} tagged it ${payload.tag}`
      : `A rule (${tagRuleById(payload.rule)?.label ?? payload.rule}) tagged it ${payload.tag}`,
  "conversation.untagged": (payload, scene) => `${scene.actor} removed the tag ${payload.tag}`,
  "saved_view.created": (payload, scene) =>
    `${scene.actor} saved the ${payload.shared ? "shared" : "personal"} inbox view “${payload.name}”`,
  "saved_view.renamed": (payload, scene) =>
    `${scene.actor} renamed the inbox view “${payload.from}” to “${payload.to}”`,
  "saved_view.deleted": (payload, scene) =>
    `${scene.actor} deleted the inbox view “${payload.name}”`,
  "tag_rule.switched": (payload, scene) =>
    `${scene.actor} switched the tag rule “${tagRuleById(payload.rule)?.label ?? payload.rule}” ${payload.enabled ? "on" : "off"}`,
  "conversation.person_flag_cleared": (payload, scene) =>
    payload.clearedBy === "take_over"
      ? `${scene.actor} took the hand-off`
      : `${scene.actor} replied, which cleared the hand-off`,
  "inbound_email.message_id_reused": (payload) =>
    `An email from ${payload.fromAddress} reused another email's Message-ID`,
  "attachment.stored": (payload, scene) =>
    `${scene.customerName(payload.customerId)} sent ${payload.storedMime === "application/pdf" ? "a PDF" : "a photo"} (${payload.originalName})`,
  "attachment.refused": (payload) =>
    `A file the customer sent (${payload.fileName}) was refused: ${ATTACHMENT_REFUSAL_WORDS[payload.reason]}`,
  "widget_session.started": (payload, scene) =>
    `${scene.customerName(payload.customerId)} proved who they are in the chat`,
  "ticket.replied": (payload, scene) =>
    payload.cause === "reconciliation_outcome"
      ? `${scene.actor} told the customer how the payment settled`
      : `${scene.actor} replied ${CHANNEL_WORDS[payload.channel]}`,
  "ticket.note_added": (_payload, scene) => `${scene.actor} added a team note`,
  "ticket.taken_over": (_payload, scene) => `${scene.actor} took over from the agent`,
  "ticket.handed_back": (_payload, scene) => `${scene.actor} handed the ticket back to the agent`,
  "ticket.assigned": (payload, scene) =>
    payload.toAssigneeId
      ? `${scene.actor} assigned the ticket to ${scene.staffName(payload.toAssigneeId)}`
      : `${scene.actor} unassigned the ticket`,
  "ticket.status_changed": (payload, scene) =>
    payload.cause === "staff"
      ? `${scene.actor} marked the ticket ${payload.to}`
      : `The ticket became ${payload.to} (${STATUS_CAUSE_WORDS[payload.cause]})`,
  "dispute.opened": (payload) =>
    `A ${money(payload.amountCents, payload.currency)} billing dispute was opened`,
  "dispute.acknowledged": (_payload, scene) => `${scene.actor} acknowledged the dispute`,
  "dispute.resolved": (payload, scene) => `${scene.actor} resolved the dispute: “${payload.note}”`,
  "run.started": () => "The agent started working",
  "run.resumed": () => "The agent picked its work up again",
  "run.lease_recovered": () => "The agent's work moved to another server process",
  "run.stop_requested": (_payload, scene) => `${scene.actor} asked the agent to stop`,
  "run.stopped": (payload) => `The agent stopped after ${steps(payload.stepCount)}`,
  "run.completed": (payload) => `The agent finished after ${steps(payload.stepCount)}`,
  "run.failed": (payload) => `The agent's work failed after ${steps(payload.stepCount)}`,
  "policy.draft_saved": (payload, scene) =>
    `${scene.actor} saved a draft of the refund policy, based on ${payload.basedOn}`,
  "policy.draft_discarded": (_payload, scene) => `${scene.actor} discarded the refund policy draft`,
  "policy.dry_run_completed": (payload, scene) =>
    `${scene.actor} ran the draft refund policy against ${payload.summary.requests} past requests and ${payload.summary.stories} stories`,
  "policy.published": (payload, scene) =>
    payload.restores
      ? `${scene.actor} rolled the refund policy back to ${payload.restores}'s terms as ${payload.version}`
      : `${scene.actor} published ${payload.version} of the refund policy`,
  "sla.paused": (payload, scene) => `${scene.actor} paused the SLA: “${payload.reason}”`,
  "sla.resumed": (payload, scene) =>
    `${scene.actor} resumed the SLA after ${minutes(payload.pausedMinutes)} (“${payload.reason}”)`,
  "sla.settings_changed": (payload, scene) =>
    `${scene.actor} changed the SLA targets and business hours (${payload.recomputedTickets} open tickets recomputed)`,
  "setting.changed": (payload, scene) =>
    `${scene.actor} changed the setting ${payload.key} from ${payload.oldValue} to ${payload.newValue}`,
  "staff.invited": (payload, scene) => `${scene.actor} invited ${payload.name} as ${payload.role}`,
  "staff.role_changed": (payload, scene) =>
    `${scene.actor} changed a role from ${payload.oldRole} to ${payload.newRole}`,
  "staff.deactivated": (payload, scene) => `${scene.actor} deactivated ${payload.email}`,
  "staff.password_reset": (payload, scene) =>
    `${scene.actor} reset the password of ${payload.email}`,
  "staff.password_set": (payload) => `A password was set for ${payload.email}`,
  "saved_reply.created": (payload, scene) =>
    `${scene.actor} wrote the ${payload.shared ? "shared" : "personal"} saved reply "${payload.title}"`,
  "saved_reply.updated": (payload, scene) =>
    `${scene.actor} changed the ${payload.shared ? "shared" : "personal"} saved reply "${payload.title}"`,
  "saved_reply.archived": (payload, scene) =>
    `${scene.actor} archived the ${payload.shared ? "shared" : "personal"} saved reply "${payload.title}"`,
  "retention.pruned": () => "Old records were deleted under the retention settings",
};

const STATUS_CAUSE_WORDS = {
  staff: "a person changed it",
  customer_reply: "the customer wrote again",
  resolved: "the agent resolved it",
  refund_failed: "the refund failed",
} as const;

function minutes(count: number): string {
  if (count < 60) return count === 1 ? "1 minute" : `${count} minutes`;
  const hours = Math.floor(count / 60);
  const rest = count % 60;
  const hourWords = hours === 1 ? "1 hour" : `${hours} hours`;
  return rest === 0 ? hourWords : `${hourWords} ${rest} min`;
}

function steps(count: number): string {
  return count === 1 ? "1 step" : `${count} steps`;
}

function capitalize(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** The kinds with a sentence of their own: every registered kind (checked by the tests). */
export const KINDS_WITH_SENTENCES = Object.keys(SENTENCES) as AuditEventKind[];

function actorName(actor: ActivityActorRow, names: ActivityNames): string {
  switch (actor.kind) {
    case "staff":
      return names.staff.get(actor.id ?? "") ?? "A staff member";
    case "customer":
      return names.customers.get(actor.id ?? "") ?? "The customer";
    case "agent":
      return "The agent";
    case "system":
      return "Countersign";
  }
}

/** One event as a sentence; `amounts` holds the refunds told so far, by pending action id. */
function sentenceFor(
  event: ActivityEventRow,
  names: ActivityNames,
  amounts: ReadonlyMap<string, QuoteAmount>,
): string {
  const actor = actorName(event.actor, names);
  if (!isAuditEventKind(event.kind))
    return `${actor} did something this version cannot name (${event.kind})`;
  const payload = AUDIT_EVENT_KINDS[event.kind].payload.safeParse(event.payload);
  if (!payload.success) return `${actor} did something recorded as ${event.kind}`;
  const scene: Scene = {
    actor,
    actorRow: event.actor,
    subjectId: event.subjectId,
    staffName: (id) => names.staff.get(id) ?? "a staff member",
    customerName: (id) => names.customers.get(id) ?? "the customer",
    amountOf: (actionId) => {
      const amount = amounts.get(actionId);
      return amount ? money(amount.cents, amount.currency) : null;
    },
  };
  // The registry's schema for this kind just parsed the payload, so it is this kind's payload.
  const tell = SENTENCES[event.kind] as unknown as (payload: unknown, scene: Scene) => string;
  return capitalize(tell(payload.data, scene));
}

/** The amounts a refund event tells about its pending action, if any. */
function noteAmount(event: ActivityEventRow, amounts: Map<string, QuoteAmount>): void {
  if (event.kind !== "pending_action.created") return;
  const created = AUDIT_EVENT_KINDS["pending_action.created"].payload.safeParse(event.payload);
  if (created.success) {
    amounts.set(event.subjectId, {
      cents: created.data.netRefundCents,
      currency: created.data.currency,
    });
  }
}

/** A ticket's events, oldest first, as the sentences of its story. */
export function tellActivity(
  events: readonly ActivityEventRow[],
  names: ActivityNames,
): ActivityLine[] {
  const amounts = new Map<string, QuoteAmount>();
  return events.map((event) => {
    noteAmount(event, amounts);
    return {
      id: event.id,
      at: event.at,
      kind: event.kind,
      sentence: sentenceFor(event, names, amounts),
    };
  });
}
