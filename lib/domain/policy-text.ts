import { formatMoney } from "./money";
import type { RefundPolicy } from "./policy-document";
import { POLICY_SECTION_IDS, type PolicySectionId } from "./policy-reasons";
import { capitalise, policyTerms } from "./policy-terms-text";
import { POLICY_V1 } from "./policy-v1";
import { DEFAULT_SETTINGS, type DomainSettings } from "./settings";

export type PolicySection = {
  id: PolicySectionId;
  title: string;
  /** Customer-facing prose; numbers are filled in from the engine's own values. */
  body: string;
  /** Words a customer might use when asking about this section, for findPolicySections. */
  keywords: readonly string[];
};

/**
 * A refund policy as customers read it. Every figure comes from the policy document or the
 * current settings, so publishing a new version or changing a setting changes the text with it.
 * policy/refund-policy.md is this function's output for v1 and the default settings (see its test).
 */
export function listPolicySections(
  policy: RefundPolicy,
  settings: DomainSettings = DEFAULT_SETTINGS,
): PolicySection[] {
  const { document } = policy;
  const terms = policyTerms(document);
  const limit = formatMoney(document.approval.autoApproveLimitCents);
  const s = POLICY_SECTION_IDS;
  return [
    {
      id: s.overview,
      title: "Overview",
      body: `You can return most items within ${document.defaultWindowDays} days of delivery${terms.windowExceptions === "" ? "" : ` (${terms.windowExceptions})`} and get your money back on the payment method you used for the order. ${capitalise(terms.finalSaleItems)} cannot be refunded (${s.exclusions}). ${terms.payouts} Every amount is calculated by our refund system under this policy, never by a person or an assistant guessing, and a refund is paid only after the steps in ${s.approval}.`,
      keywords: ["policy", "refund", "return", "rules", "overview", "money", "back", "how", "work"],
    },
    {
      id: s.window,
      title: "Return window",
      body: `You can ask for a refund within ${document.defaultWindowDays} days of delivery.${terms.windowSentences} We count whole days from the moment your order was delivered: a request on day ${document.defaultWindowDays} after delivery${terms.lastDayExceptions === "" ? "" : ` (${terms.lastDayExceptions})`} is still in time, and after that day the window is closed. An order that has not been delivered yet cannot be returned; contact us once it arrives.`,
      keywords: [
        "window",
        "days",
        "long",
        "late",
        "deadline",
        "time",
        "delivered",
        "delivery",
        "electronics",
        "expired",
        "old",
        "when",
      ],
    },
    {
      id: s.exclusions,
      title: "Items we cannot refund",
      body: `${capitalise(terms.neverRefunded)} are never refunded. An item that has already been refunded cannot be refunded again, and we can only refund items that are part of your order.`,
      keywords: [
        "gift",
        "card",
        "final",
        "sale",
        "excluded",
        "exclusions",
        "cannot",
        "already",
        "refunded",
        "again",
        "twice",
        "non-refundable",
      ],
    },
    {
      id: s.reasons,
      title: "Reasons for a return",
      body: `Tell us why you are returning an item. The reasons we accept are: it arrived damaged; we sent the wrong item; it is not as described; it is too small; it is too large; or you no longer need it. The reason decides the return fee (${s.fees}) and whether shipping is refunded (${s.shipping}).`,
      keywords: [
        "reason",
        "reasons",
        "why",
        "damaged",
        "broken",
        "cracked",
        "wrong",
        "described",
        "small",
        "large",
        "big",
        "fit",
        "size",
        "need",
      ],
    },
    {
      id: s.fees,
      title: "Return fees",
      body: `${terms.fees} The fee is worked out separately for each item line (quantity times price) and rounded to the nearest cent.`,
      keywords: [
        "fee",
        "fees",
        "charge",
        "deduct",
        "deducted",
        "cost",
        "percent",
        "restocking",
        "full",
        "price",
        "opened",
        "electronics",
        "keep",
        "much",
        "amount",
      ],
    },
    {
      id: s.shipping,
      title: "Shipping costs",
      body: terms.shipping,
      keywords: ["shipping", "postage", "delivery", "fee", "send", "label", "freight"],
    },
    {
      id: s.approval,
      title: "Confirming and approving a refund",
      body: `In chat, before we refund anything we show you a quote listing each item, any fee and the total, and you confirm that exact quote. Refunds above ${limit} are also reviewed by a member of our team before they are paid.${terms.alwaysReviewed} Only your confirmation of the quote shown to you counts: a message such as "I approve all future refunds", or a note that someone else already approved it, does not replace these steps.`,
      keywords: [
        "confirm",
        "confirmation",
        "approve",
        "approval",
        "approved",
        "review",
        "manager",
        "team",
        "staff",
        "who",
        "quote",
        "email",
        "wait",
        "waiting",
        "queue",
      ],
    },
    {
      id: s.holds,
      title: "How long a quote is valid",
      body: `A quote is held for ${document.quoteHoldMinutes} minutes. If you do not confirm it in that time it expires, and you can simply ask again for a fresh quote. A chat that has been idle for ${settings.chatIdleMinutes} minutes ends, and a quote from an ended chat can no longer be accepted.`,
      keywords: [
        "expire",
        "expired",
        "expires",
        "valid",
        "hold",
        "held",
        "minutes",
        "timeout",
        "idle",
        "long",
        "quote",
        "stale",
      ],
    },
    {
      id: s.disputes,
      title: "Billing disputes",
      body: "If a charge on your statement looks wrong or appears twice, tell us the charge id (it starts with CH-). We check each charge against our records and open a review using the amounts in those records; a member of our team follows up. Opening a review does not by itself promise a credit or a date.",
      keywords: [
        "charge",
        "charged",
        "dispute",
        "billing",
        "bill",
        "statement",
        "duplicate",
        "twice",
        "double",
        "wrong",
        "amount",
        "overcharged",
        "ch",
      ],
    },
  ];
}

export function findPolicySection(
  id: string,
  policy: RefundPolicy,
  settings: DomainSettings = DEFAULT_SETTINGS,
): PolicySection | undefined {
  return listPolicySections(policy, settings).find((section) => section.id === id);
}

/** "§2 Return window": how a section is cited to customers and staff (titles never change). */
export function citePolicySection(id: PolicySectionId): string {
  const section = findPolicySection(id, POLICY_V1);
  return section === undefined ? id : `${section.id} ${section.title}`;
}

export function renderPolicyMarkdown(
  policy: RefundPolicy,
  settings: DomainSettings = DEFAULT_SETTINGS,
): string {
  const sections = listPolicySections(policy, settings).map(
    (section) => `## ${section.id} ${section.title}\n\n${section.body}\n`,
  );
  return [
    "<!-- Generated from lib/domain/policy-text.ts for refund policy v1 and the default settings.",
    "     Edit the TypeScript (or lib/domain/policy-v1.ts),",
    "     then run `npx vitest run --project unit lib/domain/policy-text.test.ts -u`. -->",
    "",
    "# Refund policy",
    "",
    `Version: ${policy.version}`,
    "",
    ...sections,
  ].join("\n");
}

const STOPWORDS = new Set(
  "a an the i me my we you your our is are was were be been do does did can could would should will what whats how why when where which who of to for in on at by with and or if it its this that there about any have has get from not no yes please hi hello thanks first but so".split(
    " ",
  ),
);

function stem(word: string): string {
  return word.length > 3 && word.endsWith("s") && !word.endsWith("ss") ? word.slice(0, -1) : word;
}

function terms(text: string): string[] {
  return (text.toLowerCase().match(/[a-z]+/g) ?? [])
    .filter((word) => !STOPWORDS.has(word))
    .map(stem);
}

const MAX_SECTIONS = 3;

/**
 * Deterministic keyword retrieval for `answer_policy_question`. A section scores 3 per question
 * term among its keywords, 2 in its title and 1 in its body; terms that occur in most bodies
 * ("refund", "item") carry no signal and are skipped. A question with no specific term gets the
 * overview, so a reply can always quote something.
 */
export function findPolicySections(
  question: string,
  policy: RefundPolicy,
  settings: DomainSettings = DEFAULT_SETTINGS,
): PolicySection[] {
  const sections = listPolicySections(policy, settings);
  const indexed = sections.map((section) => ({
    section,
    keywords: new Set(section.keywords.map(stem)),
    title: new Set(terms(section.title)),
    body: new Set(terms(section.body)),
  }));
  const common = (term: string) =>
    indexed.filter((entry) => entry.body.has(term)).length > sections.length / 2;
  const questionTerms = [...new Set(terms(question))].filter((term) => !common(term));
  const scored = indexed
    .map((entry) => ({
      section: entry.section,
      score: questionTerms.reduce(
        (total, term) =>
          total +
          (entry.keywords.has(term) ? 3 : 0) +
          (entry.title.has(term) ? 2 : 0) +
          (entry.body.has(term) ? 1 : 0),
        0,
      ),
    }))
    .filter((entry) => entry.score > 0)
    // Array.prototype.sort is stable, so equal scores keep the policy's own order.
    .sort((a, b) => b.score - a.score);
  const best = scored[0]?.score ?? 0;
  if (best === 0) {
    return sections.filter((section) => section.id === POLICY_SECTION_IDS.overview);
  }
  return scored
    .filter((entry) => entry.score * 2 >= best)
    .slice(0, MAX_SECTIONS)
    .map((entry) => entry.section);
}
