import { REFUND_TIMELINE_PHRASE } from "./customer-phrases";
import { DOLLAR_CURRENCIES, findMoneyMentions, type MentionedCurrency } from "./money-mentions";
import type { PendingActionStatus } from "./pending-action-status";
import { REFUND_POLICY } from "./policy-rules";
import { listPolicySections } from "./policy-text";
import type { Quote } from "./quote";
import type { DomainSettings } from "./settings";
import { findTimelineMentions } from "./timeline-mentions";

/*
 * The deterministic supervisor of what the agent tells a customer. A message may state an
 * amount only if that amount exists in this conversation's records (its quotes, the customer's
 * orders, charges, disputes and refunds, the policy's own figures); an outcome ("issued",
 * "approved", "waiting for approval"…) only while an action, refund or dispute is really in that
 * state, and then only with that action's amounts and items; no date or timeline except the one
 * standard phrase after an executed refund; and no internal id or quote hash at all. Money it
 * cannot read with certainty is refused, never passed. Text quoted verbatim from the policy or
 * from an approver's note to the customer is the shop's own word and is not re-checked.
 */

export type ClaimFacts = {
  /** This conversation's pending actions. */
  actions: readonly { status: PendingActionStatus; quote: Quote }[];
  /** Money that moved for this customer (the ledger), whichever conversation asked for it. */
  refunds: readonly {
    orderNumber: string;
    amountCents: number;
    shippingCents: number;
    currency: string;
    lines: readonly { name: string; amountCents: number }[];
  }[];
  orders: readonly {
    orderNumber: string;
    currency: string;
    shippingCents: number;
    lines: readonly { name: string; quantity: number; unitPriceCents: number }[];
  }[];
  charges: readonly { reference: string; amountCents: number; currency: string }[];
  disputes: readonly {
    chargeReferences: readonly string[];
    amountCents: number;
    suppliedAmountCents: number | null;
    currency: string;
    status: "open" | "acknowledged" | "resolved";
  }[];
  policy: {
    currency: string;
    amountsCents: readonly number[];
    rateBasisPoints: readonly number[];
    windowDays: readonly number[];
    minutes: readonly number[];
  };
  /** Passages that may be quoted exactly as they are (policy sections, an approver's note). */
  verbatim: readonly string[];
  /** Ids and hashes that must never reach a customer (action, refund and line ids, hashes…). */
  internalIds: readonly string[];
};

export type ClaimProblemCode =
  | "UNREADABLE_AMOUNT"
  | "UNKNOWN_AMOUNT"
  | "UNKNOWN_RATE"
  | "OUTCOME_NOT_REACHED"
  | "OUTCOME_AMOUNT_MISMATCH"
  | "OUTCOME_ITEM_MISMATCH"
  | "PROMISED_TIMELINE"
  | "TIMELINE_BEFORE_REFUND"
  | "INTERNAL_ID";

export type ClaimProblem = { code: ClaimProblemCode; text: string; detail: string };

export type ClaimCheck = { ok: true } | { ok: false; problems: ClaimProblem[] };

export type Outcome = "refunded" | "approved" | "processing" | "awaiting_approval";

const OUTCOME_STATUSES: Readonly<Record<Outcome, readonly PendingActionStatus[]>> = {
  refunded: ["executed"],
  approved: ["approved", "executing", "executed", "needs_reconciliation"],
  processing: ["approved", "executing", "executed", "needs_reconciliation"],
  awaiting_approval: ["awaiting_approval"],
};

const OUTCOME_PATTERNS: readonly [Outcome, RegExp][] = [
  [
    "processing",
    /\b(being (processed|handled)|processing|in progress|under ?way|going through)\b/giu,
  ],
  [
    "refunded",
    /\b(refunded|reimbursed|credited|issued|(?<!being )processed|completed|((is|was|are|were|been|now|fully) )complete|paid (back|out)|((been|is|was|are|were|get|got|be) )paid|went through|gone through|on (its|the|their) way|transferred|deposited|money back (on|in|to) your|(is|are|'s|be|been) back (on|in|to) your|(?<=(refund|money|payment) (has been |have been |was |is |got )?)(sent|made|done|finali[sz]ed|returned))\b/giu,
  ],
  ["approved", /\b(approved|authori[sz]ed|signed off|green-?lit|accepted)\b/giu],
  [
    "awaiting_approval",
    /\b((waiting|awaiting|pending|queued|in line) (for )?(an? )?(staff |team |final |manager |our team's )?(approval|sign-?off)|approval queue)\b/giu,
  ],
];

// What immediately precedes an outcome word when the sentence denies it: "has not been
// refunded", "nothing was refunded", "cannot be issued", "is no longer waiting for approval".
const NEGATIONS: readonly RegExp[] = [
  /(\bnot|\bnever|n't|\bcannot|\bno longer)\s+((yet|still|already|fully|actually|currently|been|be|being|get|got|gotten|going to|able to be)\s+){0,3}$/u,
  /\b(nothing|none|no (money|refunds?|amount|payment|funds|credit|charge)( \w+)?)\s+((has|have|had|was|were|is|are|will|would|can|could|should|may|might|yet|been|be|being|get|gets|got|so far)\s+){0,4}$/u,
  /\byet to be\s+$/u,
  /\bbefore (it|anything|they|the refund|your refund) (is|are|gets?|has been)\s+$/u,
];

const GENERIC_WORDS = new Set([
  "the",
  "and",
  "for",
  "with",
  "card",
  "item",
  "order",
  "pack",
  "pair",
  "set",
  "size",
  "shipping",
  "refund",
  "over",
]);

type Subject = {
  outcomes: ReadonlySet<Outcome>;
  paid: readonly Money[];
  parts: readonly Money[];
  keys: ReadonlySet<string>;
};

type Money = { cents: number; currency: string };

/** The policy's own figures and text, which a message may always state or quote. */
export function policyClaimFacts(
  settings: DomainSettings,
  currency: string,
): Pick<ClaimFacts, "policy" | "verbatim"> {
  return {
    policy: {
      currency,
      amountsCents: [settings.autoApproveLimitCents],
      rateBasisPoints: Object.values(REFUND_POLICY.feeRateBasisPoints),
      windowDays: Object.values(REFUND_POLICY.windowDays),
      minutes: [settings.quoteHoldMinutes, settings.chatIdleMinutes],
    },
    verbatim: listPolicySections(settings).flatMap((section) => [section.title, section.body]),
  };
}

export function checkCustomerMessageClaims(message: string, facts: ClaimFacts): ClaimCheck {
  const problems: ClaimProblem[] = [];
  let text = removeVerbatim(normalise(message), facts.verbatim);

  problems.push(...findInternalIds(text, facts.internalIds));

  const refundExecuted = facts.actions.some((action) => action.status === "executed");
  if (text.includes(REFUND_TIMELINE_PHRASE)) {
    if (!refundExecuted) {
      problems.push({
        code: "TIMELINE_BEFORE_REFUND",
        text: REFUND_TIMELINE_PHRASE,
        detail:
          "The refund timeline may only be given once a refund in this conversation is executed.",
      });
    }
    text = text.replaceAll(REFUND_TIMELINE_PHRASE, " ");
  }
  problems.push(...checkTimelines(text, facts));
  problems.push(...checkAmounts(text, facts));
  problems.push(...checkRates(text, facts));
  problems.push(...checkOutcomes(text, facts));
  return problems.length === 0 ? { ok: true } : { ok: false, problems };
}

function normalise(text: string): string {
  return text
    .normalize("NFKC")
    .replace(/[\u2018\u2019\u02bc]/gu, "'")
    .replace(/[\u200b-\u200d\u2060\ufeff]/gu, "");
}

// Longest first, so a whole quoted section goes before any line of it; lines count on their own
// because a multi-line note is quoted line by line ("> …").
function removeVerbatim(text: string, verbatim: readonly string[]): string {
  const passages = verbatim
    .flatMap((passage) => [passage, ...passage.split(/\r?\n/)])
    .map((passage) => normalise(passage).trim())
    .filter((passage) => passage.length >= 12)
    .sort((a, b) => b.length - a.length);
  let remaining = text;
  for (const passage of passages) remaining = remaining.replaceAll(passage, " ");
  return remaining;
}

const ID_PATTERNS: readonly RegExp[] = [
  /\b(pa|rf|re|tkt|run|msg|cus|ord|act|conv|ses)_[a-z0-9]{4,}\b/giu,
  /\b[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\b/giu,
  /\b(?=[a-z0-9]*[0-9])(?=[a-z0-9]*[a-z])[a-z0-9]{20,}\b/giu,
  /\b(?=[0-9a-f]*[0-9])(?=[0-9a-f]*[a-f])[0-9a-f]{12,}\b/giu,
  /\bquote (hash )?#?[0-9a-f]{6,}\b/giu,
];

function findInternalIds(text: string, internalIds: readonly string[]): ClaimProblem[] {
  const found = new Set<string>();
  for (const pattern of ID_PATTERNS) {
    for (const match of text.matchAll(pattern)) found.add(match[0]);
  }
  const lower = text.toLowerCase();
  const known = internalIds.map((id) => id.toLowerCase()).filter((id) => id.length >= 6);
  for (const id of known) if (lower.includes(id)) found.add(id);
  // A shortened hash or id ("quote 1a2b3c4d") is still that hash.
  for (const match of lower.matchAll(/\b[0-9a-z]{6,}\b/gu)) {
    if (/[0-9]/.test(match[0]) && known.some((id) => id.startsWith(match[0]))) found.add(match[0]);
  }
  // "quote 1a2b3c4d" and "1a2b3c4d" are one finding, reported once.
  const distinct = [...found].filter(
    (id) =>
      ![...found].some((other) => other !== id && other.toLowerCase().includes(id.toLowerCase())),
  );
  return distinct.map((id) => ({
    code: "INTERNAL_ID",
    text: id,
    detail: "Internal ids and quote hashes are never shown to customers.",
  }));
}

function checkTimelines(text: string, facts: ClaimFacts): ClaimProblem[] {
  return findTimelineMentions(text)
    .filter((mention) => {
      if (mention.kind === "date") return true;
      if (mention.past) return false;
      const allowed =
        mention.unit === "day"
          ? facts.policy.windowDays
          : mention.unit === "minute"
            ? facts.policy.minutes
            : [];
      return !(
        mention.values.length > 0 && mention.values.every((value) => allowed.includes(value))
      );
    })
    .map((mention) => ({
      code: "PROMISED_TIMELINE" as const,
      text: mention.text,
      detail: `Do not promise dates or timelines. After an executed refund, say exactly: "${REFUND_TIMELINE_PHRASE}"`,
    }));
}

function checkAmounts(text: string, facts: ClaimFacts): ClaimProblem[] {
  const known = knownAmounts(facts);
  return findMoneyMentions(text).flatMap((mention): ClaimProblem[] => {
    if (mention.kind === "unreadable") {
      return [
        {
          code: "UNREADABLE_AMOUNT",
          text: mention.text,
          detail: "Write amounts exactly as the tools return them, e.g. $12.60.",
        },
      ];
    }
    if (known.some((money) => sameMoney(money, mention))) return [];
    return [
      {
        code: "UNKNOWN_AMOUNT",
        text: mention.text,
        detail:
          "This amount is not in this conversation's quotes, orders, charges, disputes or refunds.",
      },
    ];
  });
}

function checkRates(text: string, facts: ClaimFacts): ClaimProblem[] {
  const allowed = new Set([
    10_000,
    ...facts.policy.rateBasisPoints,
    ...facts.actions.flatMap((action) => action.quote.lines.map((line) => line.feeRateBasisPoints)),
  ]);
  const problems: ClaimProblem[] = [];
  for (const match of text.matchAll(/\b([0-9]+(?:\.[0-9]+)?)\s?(%|percent\b|per cent\b)/giu)) {
    const basisPoints = Math.round(Number(match[1]) * 100);
    if (!allowed.has(basisPoints)) {
      problems.push({
        code: "UNKNOWN_RATE",
        text: match[0],
        detail: "Only the policy's own fee rates may be stated.",
      });
    }
  }
  return problems;
}

function checkOutcomes(text: string, facts: ClaimFacts): ClaimProblem[] {
  const subjects = buildSubjects(facts);
  const allKeys = new Set(subjects.flatMap((subject) => [...subject.keys]));
  for (const order of facts.orders) {
    allKeys.add(order.orderNumber.toLowerCase());
    for (const line of order.lines) for (const key of keywordsOf(line.name)) allKeys.add(key);
  }
  const problems: ClaimProblem[] = [];
  for (const sentence of splitSentences(text)) {
    for (const outcome of claimedOutcomes(sentence)) {
      const problem = checkOutcomeSentence(sentence, outcome, subjects, allKeys);
      if (problem) problems.push(problem);
    }
  }
  return problems;
}

function checkOutcomeSentence(
  sentence: string,
  outcome: Outcome,
  subjects: readonly Subject[],
  allKeys: ReadonlySet<string>,
): ClaimProblem | undefined {
  const qualifying = subjects.filter((subject) => subject.outcomes.has(outcome));
  const said = OUTCOME_WORDING[outcome];
  if (qualifying.length === 0) {
    return {
      code: "OUTCOME_NOT_REACHED",
      text: sentence.trim(),
      detail: `Nothing in this conversation is ${said}. Describe each action's current status instead.`,
    };
  }
  const amounts = findMoneyMentions(sentence).flatMap((mention) =>
    mention.kind === "amount" ? [mention] : [],
  );
  const belongs = amounts.every((amount) =>
    qualifying.some((subject) =>
      [...subject.paid, ...subject.parts].some((money) => sameMoney(money, amount)),
    ),
  );
  const paidStated =
    amounts.length === 0 ||
    amounts.some((amount) =>
      qualifying.some((subject) => subject.paid.some((money) => sameMoney(money, amount))),
    );
  if (!belongs || !paidStated) {
    return {
      code: "OUTCOME_AMOUNT_MISMATCH",
      text: sentence.trim(),
      detail: `The amounts in this sentence are not those of an action that is ${said}.`,
    };
  }
  const keys = wordsOf(sentence).filter((word) => allKeys.has(word));
  const unmatched = keys.filter((key) => !qualifying.some((subject) => subject.keys.has(key)));
  if (unmatched.length > 0) {
    return {
      code: "OUTCOME_ITEM_MISMATCH",
      text: sentence.trim(),
      detail: `${unmatched.join(", ")}: no action for this is ${said}.`,
    };
  }
  return undefined;
}

const OUTCOME_WORDING: Readonly<Record<Outcome, string>> = {
  refunded: "refunded (executed)",
  approved: "approved",
  processing: "approved and being processed",
  awaiting_approval: "waiting for staff approval",
};

/** The outcomes a sentence asserts: outcome words that no negation governs. */
export function claimedOutcomes(sentence: string): Outcome[] {
  const claimed = new Set<Outcome>();
  const lower = sentence.toLowerCase();
  const taken: [number, number][] = [];
  for (const [outcome, pattern] of OUTCOME_PATTERNS) {
    for (const match of lower.matchAll(pattern)) {
      const start = match.index;
      const end = start + match[0].length;
      if (taken.some(([from, to]) => start < to && end > from)) continue;
      taken.push([start, end]);
      const before = lower.slice(0, start);
      if (!NEGATIONS.some((negation) => negation.test(before))) claimed.add(outcome);
    }
  }
  return [...claimed];
}

function splitSentences(text: string): string[] {
  return text.split(/(?<=[.!?])\s+|\n+|;\s*/u).filter((sentence) => sentence.trim() !== "");
}

function buildSubjects(facts: ClaimFacts): Subject[] {
  const subjects: Subject[] = facts.actions.map((action) => {
    const { quote } = action;
    const money = (cents: number) => ({ cents, currency: quote.currency });
    const outcomes = (Object.keys(OUTCOME_STATUSES) as Outcome[]).filter((outcome) =>
      OUTCOME_STATUSES[outcome].includes(action.status),
    );
    return {
      outcomes: new Set(outcomes),
      paid: [
        quote.netRefundCents,
        quote.shippingRefundCents,
        ...quote.lines.map((line) => line.subtotalCents - line.feeCents),
      ].map(money),
      parts: [
        quote.subtotalCents,
        quote.feeCents,
        ...quote.lines.flatMap((line) => [line.unitPriceCents, line.subtotalCents, line.feeCents]),
      ].map(money),
      keys: new Set([
        quote.orderNumber.toLowerCase(),
        ...quote.lines.flatMap((line) => keywordsOf(line.name)),
      ]),
    };
  });
  for (const refund of facts.refunds) {
    const money = (cents: number) => ({ cents, currency: refund.currency });
    subjects.push({
      outcomes: new Set<Outcome>(["refunded", "approved", "processing"]),
      paid: [
        refund.amountCents,
        refund.shippingCents,
        ...refund.lines.map((line) => line.amountCents),
      ].map(money),
      parts: [],
      keys: new Set([
        refund.orderNumber.toLowerCase(),
        ...refund.lines.flatMap((line) => keywordsOf(line.name)),
      ]),
    });
  }
  for (const dispute of facts.disputes) {
    if (dispute.status === "resolved") continue;
    const money = (cents: number) => ({ cents, currency: dispute.currency });
    subjects.push({
      outcomes: new Set<Outcome>(["processing"]),
      paid: [dispute.amountCents].map(money),
      parts: dispute.suppliedAmountCents === null ? [] : [money(dispute.suppliedAmountCents)],
      keys: new Set(dispute.chargeReferences.map((reference) => reference.toLowerCase())),
    });
  }
  return subjects;
}

function knownAmounts(facts: ClaimFacts): Money[] {
  const known: Money[] = facts.policy.amountsCents.map((cents) => ({
    cents,
    currency: facts.policy.currency,
  }));
  for (const subject of buildSubjects(facts)) known.push(...subject.paid, ...subject.parts);
  for (const order of facts.orders) {
    const money = (cents: number) => ({ cents, currency: order.currency });
    const lineTotals = order.lines.map((line) => line.quantity * line.unitPriceCents);
    known.push(
      money(order.shippingCents),
      money(lineTotals.reduce((sum, cents) => sum + cents, order.shippingCents)),
      ...order.lines.map((line) => money(line.unitPriceCents)),
      ...lineTotals.map(money),
    );
  }
  for (const charge of facts.charges) {
    known.push({ cents: charge.amountCents, currency: charge.currency });
  }
  return known;
}

function sameMoney(known: Money, mention: { cents: number; currency: MentionedCurrency }): boolean {
  if (known.cents !== mention.cents) return false;
  if (mention.currency === null || mention.currency === known.currency) return true;
  return mention.currency === "dollar" && DOLLAR_CURRENCIES.includes(known.currency);
}

// Hyphenated tokens count whole ("ch-88301") and in parts ("pour", "over").
function wordsOf(text: string): string[] {
  const tokens = text.toLowerCase().match(/[\p{L}\p{N}]+(?:-[\p{L}\p{N}]+)*/gu) ?? [];
  return tokens
    .flatMap((token) => [token, ...(token.includes("-") ? token.split("-") : [])])
    .map(singular);
}

function keywordsOf(name: string): string[] {
  return (name.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [])
    .filter((word) => word.length >= 3 && !GENERIC_WORDS.has(word))
    .map(singular);
}

function singular(word: string): string {
  return word.length > 3 && word.endsWith("s") && !word.endsWith("ss") ? word.slice(0, -1) : word;
}
