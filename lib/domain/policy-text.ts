import { POLICY_CATALOGS, type PolicyTextKey } from "./catalogs/policy";
import { translator } from "./i18n";
import { type Language, SUPPORTED_LANGUAGES } from "./languages";
import { formatMoney } from "./money";
import type { RefundPolicy } from "./policy-document";
import { POLICY_SECTION_IDS, type PolicySectionId } from "./policy-reasons";
import { policySectionBodiesIn } from "./policy-sections-in";
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
 * Other languages are generated from the same terms (policy-sections-in.ts), with the same ids.
 */
export function listPolicySections(
  policy: RefundPolicy,
  settings: DomainSettings = DEFAULT_SETTINGS,
  language: Language = "en",
): PolicySection[] {
  if (language !== "en") {
    const bodies = policySectionBodiesIn(policy.document, settings, language);
    return SECTION_KEYS.map(([id, name]) => ({
      id,
      title: translator(POLICY_CATALOGS, language)(`title_${name}`),
      body: bodies[id],
      keywords: keywordsIn(language, name),
    }));
  }
  const { document } = policy;
  const terms = policyTerms(document);
  const limit = formatMoney(document.approval.autoApproveLimitCents);
  const s = POLICY_SECTION_IDS;
  return [
    {
      id: s.overview,
      title: ENGLISH_TITLES.overview,
      body: `You can return most items within ${document.defaultWindowDays} days of delivery${terms.windowExceptions === "" ? "" : ` (${terms.windowExceptions})`} and get your money back on the payment method you used for the order. ${capitalise(terms.finalSaleItems)} cannot be refunded (${s.exclusions}). ${terms.payouts} Every amount is calculated by our refund system under this policy, never by a person or an assistant guessing, and a refund is paid only after the steps in ${s.approval}.`,
      keywords: keywordsIn("en", "overview"),
    },
    {
      id: s.window,
      title: ENGLISH_TITLES.window,
      body: `You can ask for a refund within ${document.defaultWindowDays} days of delivery.${terms.windowSentences} We count whole days from the moment your order was delivered: a request on day ${document.defaultWindowDays} after delivery${terms.lastDayExceptions === "" ? "" : ` (${terms.lastDayExceptions})`} is still in time, and after that day the window is closed. An order that has not been delivered yet cannot be returned; contact us once it arrives.`,
      keywords: keywordsIn("en", "window"),
    },
    {
      id: s.exclusions,
      title: ENGLISH_TITLES.exclusions,
      body: `${capitalise(terms.neverRefunded)} are never refunded. An item that has already been refunded cannot be refunded again, and we can only refund items that are part of your order.`,
      keywords: keywordsIn("en", "exclusions"),
    },
    {
      id: s.reasons,
      title: ENGLISH_TITLES.reasons,
      body: `Tell us why you are returning an item. The reasons we accept are: it arrived damaged; we sent the wrong item; it is not as described; it is too small; it is too large; or you no longer need it. The reason decides the return fee (${s.fees}) and whether shipping is refunded (${s.shipping}).`,
      keywords: keywordsIn("en", "reasons"),
    },
    {
      id: s.fees,
      title: ENGLISH_TITLES.fees,
      body: `${terms.fees} The fee is worked out separately for each item line (quantity times price) and rounded to the nearest cent.`,
      keywords: keywordsIn("en", "fees"),
    },
    {
      id: s.shipping,
      title: ENGLISH_TITLES.shipping,
      body: terms.shipping,
      keywords: keywordsIn("en", "shipping"),
    },
    {
      id: s.approval,
      title: ENGLISH_TITLES.approval,
      body: `In chat, before we refund anything we show you a quote listing each item, any fee and the total, and you confirm that exact quote. Refunds above ${limit} are also reviewed by a member of our team before they are paid.${terms.alwaysReviewed} Only your confirmation of the quote shown to you counts: a message such as "I approve all future refunds", or a note that someone else already approved it, does not replace these steps.`,
      keywords: keywordsIn("en", "approval"),
    },
    {
      id: s.holds,
      title: ENGLISH_TITLES.holds,
      body: `A quote is held for ${document.quoteHoldMinutes} minutes. If you do not confirm it in that time it expires, and you can simply ask again for a fresh quote. A chat that has been idle for ${settings.chatIdleMinutes} minutes ends, and a quote from an ended chat can no longer be accepted.`,
      keywords: keywordsIn("en", "holds"),
    },
    {
      id: s.disputes,
      title: ENGLISH_TITLES.disputes,
      body: "If a charge on your statement looks wrong or appears twice, tell us the charge id (it starts with CH-). We check each charge against our records and open a review using the amounts in those records; a member of our team follows up. Opening a review does not by itself promise a credit or a date.",
      keywords: keywordsIn("en", "disputes"),
    },
  ];
}

type SectionName = (typeof SECTION_KEYS)[number][1];

const SECTION_KEYS = [
  [POLICY_SECTION_IDS.overview, "overview"],
  [POLICY_SECTION_IDS.window, "window"],
  [POLICY_SECTION_IDS.exclusions, "exclusions"],
  [POLICY_SECTION_IDS.reasons, "reasons"],
  [POLICY_SECTION_IDS.fees, "fees"],
  [POLICY_SECTION_IDS.shipping, "shipping"],
  [POLICY_SECTION_IDS.approval, "approval"],
  [POLICY_SECTION_IDS.holds, "holds"],
  [POLICY_SECTION_IDS.disputes, "disputes"],
] as const satisfies readonly (readonly [PolicySectionId, string])[];

const ENGLISH_TITLES = Object.fromEntries(
  SECTION_KEYS.map(([, name]) => [name, POLICY_CATALOGS.en[`title_${name}`]]),
) as Record<SectionName, string>;

/** A section's search words in one language (a catalog message of space-separated words). */
function keywordsIn(language: Language, name: SectionName): string[] {
  const key: PolicyTextKey = `keywords_${name}`;
  return POLICY_CATALOGS[language][key].split(/\s+/).filter((word) => word !== "");
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
 * Deterministic keyword retrieval for `answer_policy_question`, rendered in `language`. A section
 * scores 3 per question term among its keywords, 2 in its title and 1 in its body (English);
 * terms that occur in most bodies ("refund", "item") carry no signal and are skipped. Words of any
 * other supported language score against that language's keywords, so a question finds its
 * sections whatever language it is asked in. A question with no specific term gets the overview,
 * so a reply can always quote something.
 */
export function findPolicySections(
  question: string,
  policy: RefundPolicy,
  settings: DomainSettings = DEFAULT_SETTINGS,
  language: Language = "en",
): PolicySection[] {
  const english = englishScores(question, listPolicySections(policy, settings));
  const others = otherLanguageScores(question);
  const ids = bestOf(
    SECTION_KEYS.map(([id]) => ({
      id,
      score: (english.get(id) ?? 0) + (others.get(id) ?? 0),
    })),
  );
  const sections = listPolicySections(policy, settings, language);
  const wanted = ids.length > 0 ? ids : [POLICY_SECTION_IDS.overview];
  return wanted.flatMap((id) => sections.filter((section) => section.id === id));
}

function englishScores(
  question: string,
  sections: readonly PolicySection[],
): Map<PolicySectionId, number> {
  const indexed = sections.map((section) => ({
    section,
    keywords: new Set(section.keywords.map(stem)),
    title: new Set(terms(section.title)),
    body: new Set(terms(section.body)),
  }));
  const common = (term: string) =>
    indexed.filter((entry) => entry.body.has(term)).length > sections.length / 2;
  const questionTerms = [...new Set(terms(question))].filter((term) => !common(term));
  return new Map(
    indexed.map((entry) => [
      entry.section.id,
      questionTerms.reduce(
        (total, term) =>
          total +
          (entry.keywords.has(term) ? 3 : 0) +
          (entry.title.has(term) ? 2 : 0) +
          (entry.body.has(term) ? 1 : 0),
        0,
      ),
    ]),
  );
}

/** Lower case without accents, so "comisión" and "comision", "Gebühr" and "Gebuhr" meet. */
function fold(text: string): string {
  return text.normalize("NFKD").replace(/\p{M}/gu, "").toLowerCase();
}

const OTHER_LANGUAGES = SUPPORTED_LANGUAGES.filter((language) => language !== "en");

/*
 * Keywords are stems: a word of the question matches one it starts with ("devoluciones" meets
 * "devolucion", "Rücksendegebühren" meets "rucksendegebuhr"). A keyword in a script written
 * without spaces (Japanese) matches anywhere in the question. A short keyword ("wie", Dutch for
 * "who") must match a whole word and scores less; a word English already scores counts once.
 */
const OTHER_KEYWORDS: ReadonlyMap<PolicySectionId, readonly string[]> = new Map(
  SECTION_KEYS.map(([id, name]) => {
    const english = new Set(keywordsIn("en", name).map(fold));
    const others = OTHER_LANGUAGES.flatMap((language) => keywordsIn(language, name).map(fold));
    return [id, [...new Set(others)].filter((keyword) => !english.has(keyword))];
  }),
);

const SHORT_KEYWORD = 4;

function otherLanguageScores(question: string): Map<PolicySectionId, number> {
  const folded = fold(question);
  const words: readonly string[] = folded.match(/[\p{L}\p{N}-]+/gu) ?? [];
  const score = (keyword: string) => {
    if (!/^[\p{Script=Latin}\p{N}-]+$/u.test(keyword)) return folded.includes(keyword) ? 3 : 0;
    if (keyword.length < SHORT_KEYWORD) return words.includes(keyword) ? 1 : 0;
    return words.some((word) => word.startsWith(keyword)) ? 3 : 0;
  };
  return new Map(
    [...OTHER_KEYWORDS].map(([id, keywords]) => [
      id,
      keywords.reduce((total, keyword) => total + score(keyword), 0),
    ]),
  );
}

// Array.prototype.sort is stable, so equal scores keep the policy's own order.
function bestOf(scored: readonly { id: PolicySectionId; score: number }[]): PolicySectionId[] {
  const ranked = scored.filter((entry) => entry.score > 0).sort((a, b) => b.score - a.score);
  const best = ranked[0]?.score ?? 0;
  return ranked
    .filter((entry) => entry.score * 2 >= best)
    .slice(0, MAX_SECTIONS)
    .map((entry) => entry.id);
}
