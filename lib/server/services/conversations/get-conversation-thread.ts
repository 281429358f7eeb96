import type { LanguageSource } from "@/lib/domain/languages";
import "server-only";
import { describeGates, type GateState } from "@/lib/domain/pending-action";
import { isTerminalStatus, type PendingActionStatus } from "@/lib/domain/pending-action-status";
import { REFUND_REASON_LABELS } from "@/lib/domain/policy-rules";
import { quoteSchema, shortHash } from "@/lib/domain/quote";
import type { RefundState } from "@/lib/domain/refund-state";
import { isAllowedFrom, type RunStatus } from "@/lib/domain/run-lifecycle";
import { findUnstorableText } from "@/lib/domain/storable-text";
import { AppError } from "@/lib/errors/app-error";
import {
  type AttachmentView,
  toAttachmentView,
} from "@/lib/server/services/attachments/attachment-view";
import {
  findConversationThreadRows,
  type ThreadActionRow,
  type ThreadDisputeRow,
  type ThreadEmailRow,
  type ThreadMessageRow,
  type ThreadRunRow,
} from "@/lib/server/services/conversations/conversation-thread-queries";
import { getTicketSla, type TicketSlaView } from "@/lib/server/services/sla/get-ticket-sla";
import {
  viewerWorkspaceIds,
  type WorkspaceViewer,
} from "@/lib/server/services/workspaces/staff-workspaces";
import type { UseCaseContext } from "@/lib/server/use-case-context";
import { type PolicyFactChip, policyFactChips } from "./policy-fact-chips";

/*
 * The ticket page's data as one plain-JSON snapshot. The server page renders it first, and the
 * live-update hook fetches the same shape from GET /api/conversations/:conversationId, so both paths show
 * exactly the same thing. Amounts stay integer cents; the components format them.
 */

export type ThreadMessage = {
  type: "message";
  id: string;
  at: string;
  /** Whether the customer sees it (chat or email) or only staff do. */
  audience: "customer" | "internal";
  author: "customer" | "agent" | "staff" | "system";
  authorName: string;
  body: string;
  /** An internal note the agent or a person left for the team. */
  teamNote: boolean;
  /** On email tickets: the outbox email that carried exactly this body to the customer. */
  email: EmailDelivery | null;
  /** Written by the customer simulator (a persona), not a real customer. */
  simulated: boolean;
  /** Photos and PDFs the customer sent with it. */
  attachments: AttachmentView[];
};

/** Where an email went and whether it got there. */
export type EmailDelivery = {
  to: string;
  subject: string;
  status: string;
  attempts: number;
  /** Why the last attempt failed; on a failed email, why the customer never got it. */
  lastError: string | null;
};

/** An email the customer was sent that no thread message carries (e.g. a refund receipt). */
export type ThreadOutboxEmail = {
  type: "email";
  id: string;
  at: string;
  to: string;
  subject: string;
  status: string;
  attempts: number;
  lastError: string | null;
  body: string;
};

export type ThreadStep = {
  id: string;
  sequence: number;
  kind: "model_output" | "tool_call";
  at: string;
  provider: string;
  model: string;
  processId: string;
  text: string | null;
  reasoning: string | null;
  toolName: string | null;
  /** Pretty-printed JSON, shown as text. */
  toolArgs: string | null;
  toolResult: string | null;
  toolFailed: boolean;
  policyFacts: PolicyFactChip[];
  finishReason: string | null;
  inputTokens: number;
  outputTokens: number;
  usageReported: boolean;
};

export type ThreadRun = {
  type: "run";
  id: string;
  at: string;
  status: RunStatus;
  provider: string;
  model: string;
  inputTokens: number;
  outputTokens: number;
  costMicroUsd: number;
  /** Model outputs for which the server sent no usage: their tokens and cost are unknown. */
  usageUnreportedSteps: number;
  error: string | null;
  startedByProcess: string | null;
  /** Processes other than the starting one that wrote steps: the run was picked up elsewhere. */
  resumedByProcesses: string[];
  stopRequested: boolean;
  canStop: boolean;
  canResume: boolean;
  /** Why Resume is not offered for a failed run: the model server refuses it until reconfigured. */
  resumeWithheld: string | null;
  /** The one line shown before the steps are opened: what it did, with which tools, how it ended. */
  summary: { tools: string[]; outcome: string };
  steps: ThreadStep[];
};

export type ThreadQuoteLine = {
  lineId: string;
  name: string;
  quantity: number;
  unitPriceCents: number;
  feeCents: number;
  feeRateBasisPoints: number;
  refundCents: number;
};

export type ThreadAction = {
  id: string;
  status: PendingActionStatus;
  reason: string;
  orderNumber: string;
  refundTarget: string;
  currency: string;
  policyVersion: string;
  quoteHash: string;
  quoteHashShort: string;
  lines: ThreadQuoteLine[];
  shippingRefundCents: number;
  netRefundCents: number;
  /** "not_reached": the action closed (superseded, declined…) before anyone gave this yes. */
  gates: {
    customerConfirmation: GateState | "not_reached";
    staffApproval: GateState | "not_reached";
  };
  expiresAt: string;
  /** Whether the expiry still matters: only a quote waiting on the customer can lapse. */
  holdRunning: boolean;
  createdAt: string;
  decision: {
    decision: "approved" | "rejected";
    deciderName: string;
    note: string | null;
    at: string;
  } | null;
  refund: ThreadRefund | null;
  failureReason: string | null;
};

/** The refund the provider accepted, in the state it last reported. */
export type ThreadRefund = {
  id: string;
  amountCents: number;
  currency: string;
  target: string;
  at: string;
  state: RefundState;
  /** The provider's reason code for a pending or failed state, e.g. insufficient_funds. */
  reason: string | null;
  provider: string;
  paidAt: string | null;
  failedAt: string | null;
};

export type ThreadDispute = {
  id: string;
  status: "open" | "acknowledged" | "resolved";
  category: string;
  impact: string;
  amountCents: number;
  currency: string;
  chargeReferences: string[];
  summary: string;
  at: string;
};

export type ConversationThreadSnapshot = {
  generatedAt: string;
  conversation: {
    id: string;
    subject: string;
    channel: "chat" | "email";
    status: string;
    storyKey: string | null;
    createdAt: string;
    customer: { id: string; name: string; email: string };
    /** How the customer was identified: a widget session's method, or the email's sender. */
    identity: "signed_token" | "order_check" | "demo_story" | "email_sender" | "none";
    /** Every order the conversation is about, latest request first. */
    orderNumbers: string[];
    workflowStatus: "open" | "pending" | "solved";
    assignee: { id: string; name: string } | null;
    humanOwner: { id: string; name: string } | null;
    /** Why code handed the conversation to a person, until someone takes it over. */
    needsPerson: { reason: string; since: string } | null;
    /** The customer's language (a code Countersign may not speak), and who set it. */
    language: { code: string; source: LanguageSource } | null;
    amountAtStakeCents: number | null;
    currency: string;
  };
  /** The ticket's SLA clocks as of generatedAt. */
  sla: TicketSlaView;
  /** Messages and runs in the order they happened. */
  timeline: Array<ThreadMessage | ThreadRun | ThreadOutboxEmail>;
  actions: ThreadAction[];
  disputes: ThreadDispute[];
  staff: { id: string; name: string; role: string }[];
  totals: {
    inputTokens: number;
    outputTokens: number;
    costMicroUsd: number;
    usageUnreportedSteps: number;
    modelOutputSteps: number;
    models: string[];
  };
};

/** A ticket's page; a conversation outside the viewer's workspaces is "no such ticket". */
export async function getConversationThread(
  input: { conversationId: string } & WorkspaceViewer,
  context: Pick<UseCaseContext, "db" | "now">,
): Promise<ConversationThreadSnapshot> {
  const { conversationId } = input;
  const { db } = context;
  const now = context.now();
  // A page's path id reaches here unchecked; one Postgres cannot even compare names nothing.
  if (findUnstorableText(conversationId)) throw new AppError("NOT_FOUND", "No such ticket");
  const workspaceIds = await viewerWorkspaceIds(db, input);
  const rows = await findConversationThreadRows(db, { conversationId, workspaceIds });
  if (!rows) throw new AppError("NOT_FOUND", "No such ticket");
  const { conversation, messages, runs, actions, emails, disputes, staff } = rows;
  const sla = await getTicketSla(db, conversation.id, now);

  const emailByMessage = new Map(
    emails
      .filter((email) => email.idempotencyKey.startsWith(MESSAGE_EMAIL_PREFIX))
      .map((email) => [email.idempotencyKey.slice(MESSAGE_EMAIL_PREFIX.length), email]),
  );
  const standaloneEmails = emails.filter(
    (email) => !emailByMessage.has(email.idempotencyKey.slice(MESSAGE_EMAIL_PREFIX.length)),
  );
  const order = { message: 0, email: 1, run: 2 } as const;
  const timeline = [
    ...messages.map((message) => toThreadMessage(message, emailByMessage.get(message.id))),
    ...standaloneEmails.map(toThreadEmail),
    ...runs.map(toThreadRun),
  ].sort((a, b) => a.at.localeCompare(b.at) || order[a.type] - order[b.type]);
  const orderNumbers = [
    ...new Set([
      ...actions.map((action) => quoteSchema.parse(action.quote).orderNumber),
      ...(conversation.order ? [conversation.order.number] : []),
    ]),
  ];

  return {
    generatedAt: now.toISOString(),
    conversation: {
      id: conversation.id,
      subject: conversation.subject,
      channel: conversation.channel,
      status: conversation.status,
      storyKey: conversation.storyKey,
      createdAt: conversation.createdAt.toISOString(),
      customer: {
        id: conversation.customer.id,
        name: conversation.customer.name,
        email: conversation.customer.email,
      },
      identity:
        conversation.channel === "email"
          ? "email_sender"
          : (conversation.sessions[0]?.identityMethod ?? "none"),
      orderNumbers,
      workflowStatus: conversation.workflowStatus,
      assignee: conversation.assignee,
      humanOwner: conversation.humanOwner,
      needsPerson:
        conversation.needsPersonReason && conversation.needsPersonSince
          ? {
              reason: conversation.needsPersonReason,
              since: conversation.needsPersonSince.toISOString(),
            }
          : null,
      language:
        conversation.language && conversation.languageSource
          ? { code: conversation.language, source: conversation.languageSource }
          : null,
      amountAtStakeCents: conversation.amountAtStakeCents,
      currency: conversation.currency,
    },
    sla,
    timeline,
    actions: actions.map(toThreadAction),
    disputes: disputes.map(toThreadDispute),
    staff,
    totals: {
      inputTokens: sum(runs, (run) => run.inputTokens),
      outputTokens: sum(runs, (run) => run.outputTokens),
      costMicroUsd: sum(runs, (run) => run.costMicroUsd),
      usageUnreportedSteps: sum(
        runs,
        (run) =>
          run.steps.filter((step) => step.kind === "model_output" && !step.usageReported).length,
      ),
      modelOutputSteps: sum(
        runs,
        (run) => run.steps.filter((step) => step.kind === "model_output").length,
      ),
      models: [...new Set(runs.map((run) => `${run.provider} · ${run.model}`))],
    },
  };
}

function sum<T>(items: readonly T[], pick: (item: T) => number): number {
  return items.reduce((total, item) => total + pick(item), 0);
}

// Emails that carry a thread message are keyed `message:<messageId>` by whoever sent them.
const MESSAGE_EMAIL_PREFIX = "message:";

function toThreadEmail(email: ThreadEmailRow): ThreadOutboxEmail {
  return {
    type: "email",
    id: email.id,
    at: email.createdAt.toISOString(),
    ...toEmailDelivery(email),
    body: email.bodyText,
  };
}

function toThreadDispute(dispute: ThreadDisputeRow): ThreadDispute {
  return {
    id: dispute.id,
    status: dispute.status,
    category: dispute.category,
    impact: dispute.impact,
    amountCents: dispute.amountCents,
    currency: dispute.currency,
    chargeReferences: dispute.chargeReferences,
    summary: dispute.summary,
    at: dispute.createdAt.toISOString(),
  };
}

function toThreadMessage(message: ThreadMessageRow, email?: ThreadEmailRow): ThreadMessage {
  const author = message.authorKind;
  const authorName =
    author === "customer"
      ? // "Reply as the customer" keeps who typed it in sight.
        message.staffUser
        ? `Customer (typed by ${message.staffUser.name})`
        : "Customer"
      : author === "staff"
        ? (message.staffUser?.name ?? "Staff")
        : author === "agent"
          ? "AI agent"
          : "System";
  return {
    type: "message",
    id: message.id,
    at: message.createdAt.toISOString(),
    audience: message.visibility,
    author,
    authorName,
    body: message.body,
    teamNote: message.visibility === "internal" && (author === "agent" || author === "staff"),
    email: email ? toEmailDelivery(email) : null,
    simulated: message.simulated,
    attachments: message.attachments.map((row) => toAttachmentView(row, "staff")),
  };
}

function prettyJson(value: unknown): string | null {
  if (value === null || value === undefined) return null;
  return JSON.stringify(value, null, 2);
}

function toThreadRun(run: ThreadRunRow): ThreadRun {
  const results = new Map(
    run.steps
      .filter((step) => step.kind === "tool_result")
      .map((step) => [step.toolCallId ?? step.id, step]),
  );
  const steps: ThreadStep[] = run.steps
    .filter((step) => step.kind !== "tool_result")
    .map((step) => {
      const result = step.kind === "tool_call" ? results.get(step.toolCallId ?? "") : undefined;
      return {
        id: step.id,
        sequence: step.sequence,
        kind: step.kind as ThreadStep["kind"],
        at: step.createdAt.toISOString(),
        provider: step.provider,
        model: step.model,
        processId: step.processId,
        text: step.text,
        reasoning: step.reasoning,
        toolName: step.toolName,
        toolArgs: prettyJson(step.toolArgs),
        toolResult: prettyJson(result?.toolResult),
        toolFailed: result?.isError ?? false,
        policyFacts:
          step.toolName === "check_refund_policy" && result && !result.isError
            ? policyFactChips(result.toolResult)
            : [],
        finishReason: step.finishReason,
        inputTokens: step.inputTokens,
        outputTokens: step.outputTokens,
        usageReported: step.usageReported,
      };
    });
  const writers = new Set(run.steps.map((step) => step.processId));
  if (run.startedByProcess) writers.delete(run.startedByProcess);
  return {
    type: "run",
    id: run.id,
    // Placed where its work began: a run queued early may start after later notes were written.
    at: (run.steps[0]?.createdAt ?? run.createdAt).toISOString(),
    status: run.status,
    provider: run.provider,
    model: run.model,
    inputTokens: run.inputTokens,
    outputTokens: run.outputTokens,
    costMicroUsd: run.costMicroUsd,
    usageUnreportedSteps: run.steps.filter(
      (step) => step.kind === "model_output" && !step.usageReported,
    ).length,
    error: run.error,
    startedByProcess: run.startedByProcess,
    resumedByProcesses: run.startedByProcess ? [...writers] : [],
    stopRequested: run.stopRequestedAt !== null,
    // The lifecycle stopRun and resumeRun obey, so the buttons offer only what will work.
    canStop: isAllowedFrom("stop_requested", run.status),
    canResume: isAllowedFrom("resumed", run.status) && !run.failedOnConfiguration,
    resumeWithheld:
      run.status === "failed" && run.failedOnConfiguration
        ? "Resume is not offered: the model server refuses this run's requests, so a resume would fail the same way. Fix the model settings named in the error first."
        : null,
    summary: summarizeRun(run.status, steps, run.error),
    steps,
  };
}

const TOOL_OUTCOMES: Record<string, string> = {
  send_customer_message: "replied to the customer",
  propose_refund: "proposed a refund",
  open_billing_dispute: "opened a billing dispute",
};

function summarizeRun(
  status: ThreadRun["status"],
  steps: ThreadStep[],
  error: string | null,
): ThreadRun["summary"] {
  const calls = steps.filter((step) => step.kind === "tool_call");
  const tools = [...new Set(calls.map((step) => step.toolName ?? "unknown"))];
  const did = [
    ...new Set(
      calls
        .filter((step) => step.toolResult !== null && !step.toolFailed)
        .map((step) => TOOL_OUTCOMES[step.toolName ?? ""])
        .filter((text): text is string => text !== undefined),
    ),
  ];
  const failures = calls.filter((step) => step.toolFailed).length;
  const parts = [
    status,
    ...did,
    ...(failures > 0 ? [`${failures} tool error${failures === 1 ? "" : "s"}`] : []),
    ...(error ? [error] : []),
  ];
  return { tools, outcome: parts.join(" · ") };
}

function toThreadAction(action: ThreadActionRow): ThreadAction {
  // The stored snapshot is what the customer and the approver sign; it is shown, never recomputed.
  const quote = quoteSchema.parse(action.quote);
  const decision = action.decision;
  return {
    id: action.id,
    status: action.status,
    reason: REFUND_REASON_LABELS[quote.reason],
    orderNumber: quote.orderNumber,
    refundTarget: quote.refundTarget,
    currency: quote.currency,
    policyVersion: quote.policyVersion,
    quoteHash: action.quoteHash,
    quoteHashShort: shortHash(action.quoteHash),
    lines: quote.lines.map((line) => ({
      lineId: line.lineId,
      name: line.name,
      quantity: line.quantity,
      unitPriceCents: line.unitPriceCents,
      feeCents: line.feeCents,
      feeRateBasisPoints: line.feeRateBasisPoints,
      refundCents: line.subtotalCents - line.feeCents,
    })),
    shippingRefundCents: quote.shippingRefundCents,
    netRefundCents: quote.netRefundCents,
    gates: closeUnreachedGates(
      action.status,
      describeGates({
        gates: {
          customerConfirmation: action.needsConfirmation,
          staffApproval: action.needsApproval,
        },
        confirmedAt: action.confirmedAt,
        approvedBy: decision?.decision === "approved" ? decision.deciderId : null,
      }),
    ),
    expiresAt: action.expiresAt.toISOString(),
    holdRunning: action.status === "awaiting_confirmation" || action.status === "proposed",
    createdAt: action.createdAt.toISOString(),
    decision: decision
      ? {
          decision: decision.decision,
          deciderName: decision.decider.name,
          note: decision.note,
          at: decision.createdAt.toISOString(),
        }
      : null,
    refund: action.refund
      ? {
          id: action.refund.id,
          amountCents: action.refund.amountCents,
          currency: action.refund.currency,
          target: action.refund.target,
          at: action.refund.createdAt.toISOString(),
          state: action.refund.status,
          reason: action.refund.statusReason,
          provider: action.refund.provider,
          paidAt: action.refund.paidAt?.toISOString() ?? null,
          failedAt: action.refund.failedAt?.toISOString() ?? null,
        }
      : null,
    failureReason: action.failureReason,
  };
}

// A closed action waits for nobody: a gate still pending when it closed was never reached.
function closeUnreachedGates(
  status: PendingActionStatus,
  gates: { customerConfirmation: GateState; staffApproval: GateState },
): ThreadAction["gates"] {
  if (!isTerminalStatus(status)) return gates;
  const close = (gate: GateState) => (gate === "pending" ? ("not_reached" as const) : gate);
  return {
    customerConfirmation: close(gates.customerConfirmation),
    staffApproval: close(gates.staffApproval),
  };
}

function toEmailDelivery(email: ThreadEmailRow): EmailDelivery {
  return {
    to: email.toAddress,
    subject: email.subject,
    status: email.status,
    attempts: email.attempts,
    lastError: email.lastError,
  };
}
