import { z } from "zod";
import { type DurationSummary, summarizeDurations } from "./percentiles";
import { describeRefundReason } from "./refund-provider-words";
import { hasFailed, isInFlight, isPaid, type RefundState } from "./refund-state";

/*
 * The /insights figures, computed from plain rows the server loads for one period. Every figure
 * carries the ids of the conversations behind it, so the page links each number to the inbox
 * showing exactly those conversations, and the CSV export lists what the page shows.
 */

export type InsightPeriod = { from: Date; to: Date };

export type InsightConversation = {
  id: string;
  channel: "chat" | "email";
  status: string;
  /** Solved by the helpdesk or resolved by the refund pipeline. */
  closed: boolean;
  /** A person replied to the customer or took the conversation over from the agent. */
  handledByPerson: boolean;
  firstCustomerMessageAt: Date | null;
  /** The first customer-visible agent or staff message after the first customer message. */
  firstReplyAt: Date | null;
  inputTokens: number;
  outputTokens: number;
  costMicroUsd: number;
};

export type InsightRows = {
  /** Conversations started in the period. */
  conversations: InsightConversation[];
  /** Approval decisions made in the period, with when the customer confirmed. */
  decisions: {
    conversationId: string;
    decision: "approved" | "rejected";
    decidedAt: Date;
    confirmedAt: Date | null;
    actionCreatedAt: Date;
  }[];
  /** Refunds the provider accepted in the period, in the state it last reported. */
  refunds: {
    conversationId: string;
    reason: string;
    amountCents: number;
    currency: string;
    status: RefundState;
    /** The provider's reason code for a pending or failed state, e.g. insufficient_funds. */
    providerReason: string | null;
    createdAt: Date;
    /** When the provider reported it paid (kept when it failed afterwards). */
    paidAt: Date | null;
    conversationStartedAt: Date;
  }[];
  /** Disputes opened in the period. */
  disputes: {
    conversationId: string;
    category: string;
    impact: string;
    amountCents: number;
    suppliedAmountCents: number | null;
  }[];
  /** Tool results recorded in the period. */
  toolResults: { conversationId: string; toolName: string; isError: boolean; result: unknown }[];
  /** Refused state changes (stale confirmation, second approval…) audited in the period. */
  refusedTransitions: { conversationId: string | null }[];
};

export type Figure = {
  /** Stable within a period: the inbox filter and the CSV export name a figure by it. */
  key: string;
  label: string;
  count: number;
  amountCents?: number;
  currency?: string;
  /** The provider outcome a refund figure counts, for the CSV export. */
  refundOutcome?: RefundOutcome;
  conversationIds: string[];
};

/** Where a refund's money ended up, as its provider reported it. */
export const REFUND_OUTCOMES = [
  "paid",
  "processing",
  "failed_after_paid",
  "failed",
  "canceled",
] as const;
export type RefundOutcome = (typeof REFUND_OUTCOMES)[number];

const REFUND_OUTCOME_LABELS: Record<RefundOutcome, string> = {
  paid: "Paid",
  processing: "Processing (not paid yet)",
  failed_after_paid: "Failed after being paid",
  failed: "Failed before paying",
  canceled: "Canceled",
};

export function refundOutcome(refund: { status: RefundState; paidAt: Date | null }): RefundOutcome {
  if (isPaid(refund.status)) return "paid";
  if (isInFlight(refund.status)) return "processing";
  if (refund.paidAt !== null) return "failed_after_paid";
  return refund.status === "canceled" ? "canceled" : "failed";
}

export type TimingFigure = DurationSummary & {
  key: string;
  label: string;
  conversationIds: string[];
};

export type ModelUsage = {
  resolvedConversations: number;
  inputTokens: number;
  outputTokens: number;
  costMicroUsd: number;
  tokensPerResolved: number | null;
  costMicroUsdPerResolved: number | null;
  conversationIds: string[];
};

export type Insights = {
  conversationsByChannelOutcome: Figure[];
  resolution: Figure[];
  timings: TimingFigure[];
  refundsByReason: Figure[];
  refundsByOutcome: Figure[];
  refundFailureReasons: Figure[];
  decisions: Figure[];
  denialsBySection: Figure[];
  disputes: Figure[];
  modelUsage: ModelUsage;
  unsafeCaught: Figure[];
};

export const BLOCKED_MESSAGE_TOOL = "send_customer_message";
export const PROPOSE_REFUND_TOOL = "propose_refund";

export const CHECK_POLICY_TOOL = "check_refund_policy";

const denyReasonsSchema = z.array(
  z.object({ sectionId: z.string(), code: z.string(), lineId: z.string().optional() }).loose(),
);
const proposeResultSchema = z
  .object({ reasons: denyReasonsSchema.optional(), refused: denyReasonsSchema.optional() })
  .loose();
const checkResultSchema = z
  .object({ refundableLineIds: z.array(z.string()), denyReasons: denyReasonsSchema })
  .loose();

export type Denial = { sectionId: string; code: string; lineId?: string };

/**
 * The policy's refusals in one tool result: a proposal's denial reasons or refused lines, or a
 * policy check that found nothing refundable (the agent then tells the customer no and proposes
 * nothing). A check that found something refundable is not a denial: the proposal says what was
 * refused of what the customer asked for.
 */
export function denialsIn(toolName: string, result: unknown): Denial[] {
  if (toolName === PROPOSE_REFUND_TOOL) {
    const parsed = proposeResultSchema.safeParse(result);
    return parsed.success ? [...(parsed.data.reasons ?? []), ...(parsed.data.refused ?? [])] : [];
  }
  if (toolName === CHECK_POLICY_TOOL) {
    const parsed = checkResultSchema.safeParse(result);
    return parsed.success && parsed.data.refundableLineIds.length === 0
      ? parsed.data.denyReasons
      : [];
  }
  return [];
}

function unique(ids: Iterable<string>): string[] {
  return [...new Set(ids)].sort();
}

/** Groups items by key into figures, in first-seen key order unless `order` is given. */
function groupFigures<T>(
  items: readonly T[],
  keyOf: (item: T) => { key: string; label: string; refundOutcome?: RefundOutcome },
  conversationOf: (item: T) => string | null,
  options: { amountOf?: (item: T) => number; currencyOf?: (item: T) => string } = {},
): Figure[] {
  const figures = new Map<string, Figure & { ids: Set<string> }>();
  for (const item of items) {
    const { key, label, refundOutcome } = keyOf(item);
    const figure = figures.get(key) ?? {
      key,
      label,
      ...(refundOutcome ? { refundOutcome } : {}),
      count: 0,
      ...(options.amountOf ? { amountCents: 0 } : {}),
      ...(options.currencyOf ? { currency: options.currencyOf(item) } : {}),
      conversationIds: [],
      ids: new Set<string>(),
    };
    figure.count += 1;
    if (options.amountOf) figure.amountCents = (figure.amountCents ?? 0) + options.amountOf(item);
    const conversationId = conversationOf(item);
    if (conversationId) figure.ids.add(conversationId);
    figures.set(key, figure);
  }
  return [...figures.values()]
    .map(({ ids, ...figure }) => ({ ...figure, conversationIds: unique(ids) }))
    .sort((a, b) => b.count - a.count || a.key.localeCompare(b.key));
}

function fixedFigures<T>(
  items: readonly T[],
  choices: readonly { key: string; label: string; matches: (item: T) => boolean }[],
  conversationOf: (item: T) => string | null,
): Figure[] {
  return choices.map(({ key, label, matches }) => {
    const chosen = items.filter(matches);
    return {
      key,
      label,
      count: chosen.length,
      conversationIds: unique(chosen.map(conversationOf).filter((id): id is string => id !== null)),
    };
  });
}

function timing<T extends { conversationId: string }>(
  key: string,
  label: string,
  items: readonly T[],
  durationOf: (item: T) => number | null,
): TimingFigure {
  const measured = items
    .map((item) => ({ item, ms: durationOf(item) }))
    .filter((entry): entry is { item: T; ms: number } => entry.ms !== null && entry.ms >= 0);
  return {
    key,
    label,
    ...summarizeDurations(measured.map((entry) => entry.ms)),
    conversationIds: unique(measured.map((entry) => entry.item.conversationId)),
  };
}

const between = (start: Date | null, end: Date | null) =>
  start && end ? end.getTime() - start.getTime() : null;

export function computeInsights(rows: InsightRows): Insights {
  const resolved = rows.conversations.filter((conversation) => conversation.closed);
  const succeeded = rows.refunds.filter((refund) => refund.status === "succeeded");
  const errors = rows.toolResults.filter((step) => step.isError);
  // A line refused twice in one conversation (checked, then proposed anyway) is one denial.
  const denials = [
    ...new Map(
      rows.toolResults.flatMap((step) =>
        denialsIn(step.toolName, step.result).map((denial) => {
          const entry = { sectionId: denial.sectionId, conversationId: step.conversationId };
          const identity = [step.conversationId, denial.sectionId, denial.code, denial.lineId];
          return [identity.join("|"), entry] as const;
        }),
      ),
    ).values(),
  ];
  const usage = resolved.reduce(
    (sum, conversation) => ({
      inputTokens: sum.inputTokens + conversation.inputTokens,
      outputTokens: sum.outputTokens + conversation.outputTokens,
      costMicroUsd: sum.costMicroUsd + conversation.costMicroUsd,
    }),
    { inputTokens: 0, outputTokens: 0, costMicroUsd: 0 },
  );
  const perResolved = (total: number) =>
    resolved.length === 0 ? null : Math.round(total / resolved.length);

  return {
    conversationsByChannelOutcome: groupFigures(
      rows.conversations,
      (conversation) => ({
        key: `conversations:${conversation.channel}:${conversation.status}`,
        label: `${conversation.channel} · ${conversation.status.replaceAll("_", " ")}`,
      }),
      (conversation) => conversation.id,
    ),
    resolution: fixedFigures(
      resolved.map((conversation) => ({ ...conversation, conversationId: conversation.id })),
      [
        {
          key: "resolution:agent_alone",
          label: "Resolved by the agent alone",
          matches: (conversation) => !conversation.handledByPerson,
        },
        {
          key: "resolution:handed_to_person",
          label: "Handed to a person",
          matches: (conversation) => conversation.handledByPerson,
        },
      ],
      (conversation) => conversation.id,
    ),
    timings: [
      timing(
        "timing:first_reply",
        "Time to first reply",
        rows.conversations.map((conversation) => ({
          ...conversation,
          conversationId: conversation.id,
        })),
        (conversation) => between(conversation.firstCustomerMessageAt, conversation.firstReplyAt),
      ),
      timing(
        "timing:approval",
        "Time to approval (confirmed → approved)",
        rows.decisions.filter((decision) => decision.decision === "approved"),
        (decision) => between(decision.confirmedAt ?? decision.actionCreatedAt, decision.decidedAt),
      ),
      timing("timing:refund", "Time to refund (first message → paid)", succeeded, (refund) =>
        between(refund.conversationStartedAt, refund.paidAt),
      ),
    ],
    refundsByReason: groupFigures(
      succeeded,
      (refund) => ({
        key: `refunds:${refund.reason}:${refund.currency}`,
        label: refund.reason.replaceAll("_", " "),
      }),
      (refund) => refund.conversationId,
      { amountOf: (refund) => refund.amountCents, currencyOf: (refund) => refund.currency },
    ),
    refundsByOutcome: groupFigures(
      rows.refunds,
      (refund) => {
        const outcome = refundOutcome(refund);
        return {
          key: `refund_outcomes:${outcome}:${refund.currency}`,
          label: REFUND_OUTCOME_LABELS[outcome],
          refundOutcome: outcome,
        };
      },
      (refund) => refund.conversationId,
      { amountOf: (refund) => refund.amountCents, currencyOf: (refund) => refund.currency },
    ),
    refundFailureReasons: groupFigures(
      rows.refunds.filter((refund) => hasFailed(refund.status)),
      (refund) => ({
        key: `refund_failures:${refund.providerReason ?? "none"}:${refund.currency}`,
        label: describeRefundReason(refund.providerReason) ?? "No reason given",
      }),
      (refund) => refund.conversationId,
      { amountOf: (refund) => refund.amountCents, currencyOf: (refund) => refund.currency },
    ),
    decisions: fixedFigures(
      rows.decisions,
      [
        {
          key: "decisions:approved",
          label: "Approved",
          matches: (decision) => decision.decision === "approved",
        },
        {
          key: "decisions:rejected",
          label: "Rejected",
          matches: (decision) => decision.decision === "rejected",
        },
      ],
      (decision) => decision.conversationId,
    ),
    denialsBySection: groupFigures(
      denials,
      (denial) => ({ key: `denials:${denial.sectionId}`, label: `Policy ${denial.sectionId}` }),
      (denial) => denial.conversationId,
    ),
    disputes: groupFigures(
      rows.disputes,
      (dispute) => ({
        key: `disputes:${dispute.category}:${dispute.impact}`,
        label: `${dispute.category.replaceAll("_", " ")} · ${dispute.impact} impact`,
      }),
      (dispute) => dispute.conversationId,
      { amountOf: (dispute) => dispute.amountCents },
    ),
    modelUsage: {
      resolvedConversations: resolved.length,
      ...usage,
      tokensPerResolved: perResolved(usage.inputTokens + usage.outputTokens),
      costMicroUsdPerResolved: perResolved(usage.costMicroUsd),
      conversationIds: unique(resolved.map((conversation) => conversation.id)),
    },
    unsafeCaught: [
      ...fixedFigures(
        errors,
        [
          {
            key: "unsafe:refused_tool_calls",
            label: "Refused tool calls",
            matches: (step) => step.toolName !== BLOCKED_MESSAGE_TOOL,
          },
          {
            key: "unsafe:blocked_customer_messages",
            label: "Blocked customer messages",
            matches: (step) => step.toolName === BLOCKED_MESSAGE_TOOL,
          },
        ],
        (step) => step.conversationId,
      ),
      ...fixedFigures(
        rows.disputes,
        [
          {
            key: "unsafe:corrected_amounts",
            label: "Corrected amounts (disputes)",
            matches: (dispute) =>
              dispute.suppliedAmountCents !== null &&
              dispute.suppliedAmountCents !== dispute.amountCents,
          },
        ],
        (dispute) => dispute.conversationId,
      ),
      ...fixedFigures(
        rows.refusedTransitions,
        [
          {
            key: "unsafe:refused_transitions",
            label: "Refused confirmations and approvals",
            matches: () => true,
          },
        ],
        (transition) => transition.conversationId,
      ),
    ],
  };
}

/** Every figure with its conversations, for the inbox filter and the CSV export. */
export function listFigures(insights: Insights): Figure[] {
  return [
    ...insights.conversationsByChannelOutcome,
    ...insights.resolution,
    ...insights.timings.map(({ key, label, count, conversationIds }) => ({
      key,
      label,
      count,
      conversationIds,
    })),
    ...insights.refundsByReason,
    ...insights.refundsByOutcome,
    ...insights.refundFailureReasons,
    ...insights.decisions,
    ...insights.denialsBySection,
    ...insights.disputes,
    {
      key: "model:resolved",
      label: "Resolved conversations (model usage)",
      count: insights.modelUsage.resolvedConversations,
      conversationIds: insights.modelUsage.conversationIds,
    },
    ...insights.unsafeCaught,
  ];
}

export function findFigure(insights: Insights, key: string): Figure | null {
  return listFigures(insights).find((figure) => figure.key === key) ?? null;
}

const DAY_MS = 24 * 60 * 60 * 1000;
const isoDate = z.iso.date();

/**
 * The period from two calendar dates (UTC, both days included); by default the seven days up to
 * and including today. An unreadable or reversed pair falls back to the default.
 */
export function resolvePeriod(
  input: { from?: string; to?: string },
  now: Date,
  maxDays = 366,
): InsightPeriod & { fromDate: string; toDate: string } {
  const today = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
  const fallback = {
    from: new Date(today.getTime() - 6 * DAY_MS),
    to: new Date(today.getTime() + DAY_MS),
  };
  const from = isoDate.safeParse(input.from).success ? new Date(`${input.from}T00:00:00Z`) : null;
  const toDay = isoDate.safeParse(input.to).success ? new Date(`${input.to}T00:00:00Z`) : null;
  const period =
    from &&
    toDay &&
    from.getTime() <= toDay.getTime() &&
    toDay.getTime() - from.getTime() < maxDays * DAY_MS
      ? { from, to: new Date(toDay.getTime() + DAY_MS) }
      : fallback;
  return {
    ...period,
    fromDate: period.from.toISOString().slice(0, 10),
    toDate: new Date(period.to.getTime() - DAY_MS).toISOString().slice(0, 10),
  };
}
