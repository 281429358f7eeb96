import type { ClaimFacts } from "./claim-facts";
import {
  continuesPrevious,
  isUnfinished,
  normaliseClaimText,
  sentenceKey,
  splitClaimSentences,
} from "./claim-sentences";
import { renderableStatementTexts } from "./claim-statements";
import { isKnownSentence, readsAsTrueStatement } from "./claim-templates";
import { findInternalIds } from "./internal-id-mentions";
import type { Language } from "./languages";
import { findMoneyTalk, MONEY_TALK_SIGNAL_TEXT, type MoneyTalkSignal } from "./money-talk";
import type { RefundPolicy } from "./policy-document";
import { listPolicySections } from "./policy-text";
import type { DomainSettings } from "./settings";
import { withoutNames } from "./without-names";

export type { ClaimFacts } from "./claim-facts";

/*
 * The deterministic supervisor of what the agent tells a customer, default-deny. The text is
 * split into sentences; a sentence that talks about money, a refund, a payment, an approval, a
 * confirmation, an outcome, a date or a timeline (in any language) is sent only when it is a
 * statement code renders from the records, one of the few templates the check reads and finds
 * true (claim-templates.ts), or text quoted verbatim from the policy or an approver's note.
 * Sentences are read in English and in the conversation's rendering language (`facts.language`);
 * a sentence in any other language that says more than a greeting is refused as unreadable.
 * A sentence that leans on the one before it ("It has been paid.") is judged together with it,
 * across the agent's previous message too. No internal id or hash is shown in any form.
 */

export type ClaimProblemCode = "INTERNAL_ID" | "UNREAD_MONEY_TALK" | "UNREADABLE_LANGUAGE";

export type ClaimProblem = { code: ClaimProblemCode; text: string; detail: string };

export type ClaimCheck = { ok: true } | { ok: false; problems: ClaimProblem[] };

/** The policy's sections, which statements cite and may be quoted verbatim. */
export function policyClaimFacts(
  policy: RefundPolicy,
  settings: DomainSettings,
  language: Language = "en",
): Pick<ClaimFacts, "policy" | "verbatim"> {
  const sections = listPolicySections(policy, settings, language);
  return {
    policy: {
      sections: sections.map(({ id, title }) => ({ id, title })),
    },
    // A quoted section is headed "§5 Return fees": the heading is the policy's own words too.
    verbatim: sections.flatMap((section) => [
      section.title,
      `${section.id} ${section.title}`,
      section.body,
    ]),
  };
}

const USE_STATEMENTS =
  "State money, refund status, approval, denial and billing-review facts only through the `statements` field (code writes them from the records), or leave this sentence out.";

export function checkCustomerMessageClaims(message: string, facts: ClaimFacts): ClaimCheck {
  const text = normaliseClaimText(message);
  const problems: ClaimProblem[] = findInternalIds(text, facts.internalIds).map((id) => ({
    code: "INTERNAL_ID",
    text: id,
    detail: "Internal ids and quote hashes are never shown to customers, in any form.",
  }));
  const readable = new Set(
    renderableStatementTexts(facts).flatMap(splitClaimSentences).map(sentenceKey),
  );
  const verbatim = verbatimKeys(facts.verbatim);
  const itemNames = customerItemNames(facts);
  const isTrusted = (sentence: string) => {
    const key = sentenceKey(sentence);
    return (
      readable.has(key) ||
      isKnownSentence(sentence, "en") ||
      isKnownSentence(sentence, facts.language) ||
      (quotableLength(key) >= MIN_QUOTE_LENGTH && verbatim.some((passage) => passage.includes(key)))
    );
  };
  for (const unit of claimUnits(text, facts.previousAgentMessage, facts.language)) {
    // This message's own sentences, each true or claiming nothing, add nothing to what the
    // previous message said: that one was checked (or rendered by code) when it was sent.
    if (unit.sentences.slice(unit.context).every(isTrusted)) continue;
    const joined = unit.sentences.join(" ");
    const signals = findMoneyTalkAroundItems(joined, itemNames, facts.language);
    if (signals.length === 0) continue;
    if (readsAsTrueStatement(joined, facts)) continue;
    const language = signals.includes("unreadable_language");
    const said = signals.map((signal) => MONEY_TALK_SIGNAL_TEXT[signal]).join("; ");
    problems.push({
      code: language ? "UNREADABLE_LANGUAGE" : "UNREAD_MONEY_TALK",
      text: joined,
      detail: `${unit.sentences.length > 1 ? "These sentences, read together, talk" : "This sentence talks"} about ${said}, in a form the check cannot verify against the records. ${USE_STATEMENTS}`,
    });
  }
  return problems.length === 0 ? { ok: true } : { ok: false, problems };
}

/**
 * The customer's items by the store's names ("Wireless earbuds"). A name with a
 * number or a currency in it ("$50 Gift card") is left to be read: it could state an amount.
 */
function customerItemNames(facts: ClaimFacts): string[] {
  const names = facts.orders.flatMap((order) => order.lines.map((line) => line.name));
  return names.filter((name) => !/[\p{N}\p{Sc}]/u.test(name));
}

/*
 * An item named as the store names it is a fact of the records, not money talk, whatever words
 * the name holds ("Wireless" is not a wire transfer). Only the name goes, and only from the money
 * words: every other word is still read ("the Gift card refund is done" talks about an outcome),
 * and the language the sentence is in is judged on the whole of it.
 */
function findMoneyTalkAroundItems(
  sentence: string,
  itemNames: readonly string[],
  language: Language,
): MoneyTalkSignal[] {
  const rest = withoutNames(sentence, itemNames);
  const signals = findMoneyTalk(rest, language);
  if (rest === sentence || signals.includes("unreadable_language")) return signals;
  const unreadable = findMoneyTalk(sentence, language).includes("unreadable_language");
  return unreadable ? [...signals, "unreadable_language"] : signals;
}

/** Sentences read together; the first `context` of them end the agent's previous message. */
type ClaimUnit = { sentences: string[]; context: number };

// Sentences that lean on a sentence about money (or finish one cut off) are read with it; the
// previous message's last sentence opens the chain, but is not judged again on its own.
function claimUnits(text: string, previousMessage: string | null, language: Language): ClaimUnit[] {
  const previous = previousMessage
    ? splitClaimSentences(normaliseClaimText(previousMessage)).at(-1)
    : undefined;
  const units: (ClaimUnit & { carried: boolean })[] = [];
  let current: (ClaimUnit & { carried: boolean }) | undefined = previous
    ? { sentences: [previous], context: 1, carried: true }
    : undefined;
  for (const sentence of splitClaimSentences(text)) {
    const last = current?.sentences.at(-1);
    const leans =
      current !== undefined &&
      last !== undefined &&
      // Across messages only a sentence that reads as a continuation leans back: the previous
      // message was sent whole, so its lack of a full stop is not this sentence's doing.
      ((isUnfinished(last) && !current.carried) || continuesPrevious(sentence, language)) &&
      findMoneyTalk(current.sentences.join(" "), language).length > 0;
    if (current && leans) {
      current.sentences.push(sentence);
      current.carried = false;
      continue;
    }
    if (current && !current.carried) units.push(current);
    current = { sentences: [sentence], context: 0, carried: false };
  }
  if (current && !current.carried) units.push(current);
  return units;
}

// A shorter piece of a passage ("refund", "full price") says too little to count as a quote.
const MIN_QUOTE_LENGTH = 12;

// A Han or kana character carries about as much as two Latin letters ("返金" is "refund").
function quotableLength(key: string): number {
  return (
    key.length +
    (key.match(/[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}]/gu) ?? []).length
  );
}

function verbatimKeys(verbatim: readonly string[]): string[] {
  return verbatim
    .flatMap((passage) => [passage, ...passage.split(/\r?\n/u)])
    .map((passage) => sentenceKey(passage.replace(/\s+/gu, " ")))
    .filter((passage) => quotableLength(passage) >= MIN_QUOTE_LENGTH);
}
