import {
  DISTINCTIVE_MATCHERS,
  LEXICON_LANGUAGES,
  LEXICON_MATCHERS,
  type LexiconCategory,
  type LexiconLanguage,
} from "./language-lexicons";
import type { Language } from "./languages";
import { findMoneyMentions } from "./money-mentions";
import { isForeignText, isUnreadableProse, readsAsConversationLanguage } from "./sentence-language";
import { findTimelineMentions } from "./timeline-mentions";

/*
 * Does a sentence talk about money, an outcome or a time? Deliberately broad and cheap: it only
 * decides which sentences must then be read exactly (a code-rendered statement or one of the
 * check's templates) before they may reach a customer. Missing a word here would let a sentence
 * through unread, so every signal errs towards "yes"; a sentence flagged by mistake only has to
 * be rephrased or replaced by a structured statement.
 *
 * In a conversation in another supported language, a sentence is read with English's words and
 * that language's lexicon (language-lexicons/); a sentence in a third language is unreadable.
 */

export type MoneyTalkSignal =
  | "amount"
  | "currency"
  | "proportion"
  | "money_or_outcome_word"
  | "time"
  | "unreadable_language";

export const MONEY_TALK_SIGNAL_TEXT: Readonly<Record<MoneyTalkSignal, string>> = {
  amount: "an amount of money",
  currency: "a currency",
  proportion: 'a proportion ("full", "whole", a percentage)',
  money_or_outcome_word: "money, a refund, a payment, an approval, a confirmation or an outcome",
  time: "a date or a timeline",
  unreadable_language: "numbers or money words in a language or script the check cannot read",
};

const CURRENCY =
  /\p{Sc}|\b(?:usd|eur|gbp|cad|aud|nzd|jpy|inr|chf|sgd|hkd|mxn|cny|rmb|krw|sek|nok|dkk|pln|brl)\b/iu;

const PROPORTION =
  /[0-9]\s*%|%|\b(?:percent|per cent|pct|full|fully|in full|entire|entirely|whole|wholly|complete|completely|total|totally|all of it|every (?:cent|penny|dollar)|half|double|twice)\b/iu;

// Stems, matched at the start of a word: "refund" covers refunded, refunding, refunds.
const MONEY_OR_OUTCOME_STEMS = [
  "refund",
  "reimburs",
  "money",
  "paid",
  "pay",
  "repa",
  "charg",
  "credit",
  "debit",
  "cash",
  "fund",
  "compensat",
  "price",
  "cost",
  "fees?\\b",
  "amount",
  "sum\\b",
  "dollar",
  "cents?\\b",
  "euro",
  "pound",
  "quid",
  "buck",
  "balance",
  "deposit",
  "transfer",
  "wire",
  "invoice",
  "bill",
  "approv",
  "authori",
  "sign(?:ed|s)? off",
  "green.?lit",
  "green.?light",
  "okay",
  "ok'?d\\b",
  "confirm",
  "accept",
  "process",
  "issued",
  "issuing",
  "owe",
  "voucher",
  "coupon",
  "discount",
  "rebate",
  "waive",
  "chargeback",
  "quote",
  "offer",
  "cover",
  "back\\b",
  "on (?:its|the|their) way",
  "through\\b",
  "done\\b",
  "finish",
  "finali",
  "settl",
  "sorted",
  "taken care",
  "handled",
  "resolved",
  "card",
  "bank",
  "statement",
  "wallet",
  "paypal",
  "visa\\b",
  "mastercard",
  "amex",
  "receiv",
  "arriv",
  "guarant",
  "promis",
  "assur",
  "definitely",
  "certainly",
  "for sure",
  "went\\b",
  "gone\\b",
  "sent\\b",
  "grant",
  "award",
  "release",
  "execut",
  "succe",
  "complet",
  "fixed",
  "all set",
  "on us\\b",
  "made? (?:it|this|things) right",
  "free\\b",
  "revers",
  "void",
  "agree",
  "consent",
  "(?:said|says|saying|your|you) yes",
  "moment",
  "jiffy",
  "promptly",
];
const MONEY_OR_OUTCOME = new RegExp(`\\b(?:${MONEY_OR_OUTCOME_STEMS.join("|")})`, "iu");

const TIME_WORDS =
  /\b(?:today|tonight|tomorrow|yesterday|soon|shortly|immediately|instantly|right away|straight away|asap|later|minutes?|hours?|days?|daily|weeks?|weekly|weekend|months?|years?|deadline|dates?|dated|morning|evening|afternoon|overnight|midnight|noon|o'clock|by (?:mon|tue|wed|thu|fri|sat|sun)|within|until|till)\b/iu;

// Money and outcome words in languages the check does not read: any of them makes a sentence
// one it cannot vouch for. Scripts without word boundaries are matched anywhere.
const FOREIGN_MONEY =
  /\b(?:reembols|rembours|rimbors|erstatt|rückerstatt|ruckerstatt|zahl|bezahl|überwies|uberwies|gutschr|genehmig|pago|pagad|pagam|pagar|paga\b|pagu|aprob|approuv|acredit|abonn|devol|dinero|dinheiro|geld|argent|soldi|virement|transferencia|bonific|rimborso|terugbetal|betaal|zwrot|płat|plat|возврат|деньг|оплат|платеж|рубл|одобр|استرداد|مبلغ)|返金|払|入金|承認|返品|振込|確認|円|退款|付款|批准|已退|환불|결제|승인/iu;

// A number on its own ("you'll get 80", "that's eighty") may be an amount; digits inside a
// reference ("B2001", "CH-88301") are not. Small counts (two to nine items) are not amounts.
const BARE_NUMBER =
  /(?<![\p{L}\p{N}§#-])[0-9]+(?:[.,][0-9]+)?(?![\p{L}\p{N}-])|\b(?:ten|eleven|twelve|thirteen|fourteen|fifteen|sixteen|seventeen|eighteen|nineteen|twenty|thirty|forty|fifty|sixty|seventy|eighty|ninety|hundred|thousand|million|grand)\b/iu;

// In other languages any digits may be an amount ("80,10 €", "5日"), except inside a Latin
// reference ("B2001", "CH-88301").
const ANY_NUMBER = /(?<![\p{Script=Latin}\p{N}§#-])[0-9]+(?![\p{Script=Latin}\p{N}-])/u;

const LEXICON_SIGNALS: Readonly<Record<LexiconCategory, MoneyTalkSignal>> = {
  moneyOrOutcome: "money_or_outcome_word",
  time: "time",
  proportion: "proportion",
  currency: "currency",
  amountWords: "amount",
};

// A short sentence may not show its language: another language's money words still count.
const MIN_WORDS_TO_TELL_LANGUAGE = 3;

/**
 * What in the sentence talks about money, outcomes or time, read in the conversation's
 * rendering language (English by default); empty when nothing does.
 */
export function findMoneyTalk(sentence: string, language: Language = "en"): MoneyTalkSignal[] {
  const signals = new Set(findEnglishMoneyTalk(sentence));
  if (language === "en") {
    if (isUnreadableLanguage(sentence)) signals.add("unreadable_language");
    return [...signals];
  }
  if (ANY_NUMBER.test(sentence)) signals.add("amount");
  for (const category of LEXICON_MATCHERS[language].categories(sentence)) {
    signals.add(LEXICON_SIGNALS[category]);
  }
  const short = (sentence.match(/\p{L}+/gu) ?? []).length < MIN_WORDS_TO_TELL_LANGUAGE;
  const foreignWords = hasThirdLanguageMoneyWords(sentence, language, short);
  const readable = readsAsConversationLanguage(sentence, language);
  const saidInOwnWords = MONEY_SIGNALS.some((signal) => signals.has(signal));
  if (
    (foreignWords && !saidInOwnWords) ||
    (!readable &&
      (foreignWords || isUnreadableProse(sentence, language) || /[\p{N}\p{Sc}]/u.test(sentence)))
  ) {
    signals.add("unreadable_language");
  }
  return [...signals];
}

const MONEY_SIGNALS: readonly MoneyTalkSignal[] = ["amount", "currency", "money_or_outcome_word"];

function findEnglishMoneyTalk(sentence: string): MoneyTalkSignal[] {
  const signals = new Set<MoneyTalkSignal>();
  if (findMoneyMentions(sentence).length > 0 || BARE_NUMBER.test(sentence)) signals.add("amount");
  if (CURRENCY.test(sentence)) signals.add("currency");
  if (PROPORTION.test(sentence)) signals.add("proportion");
  if (MONEY_OR_OUTCOME.test(sentence)) signals.add("money_or_outcome_word");
  if (TIME_WORDS.test(sentence) || findTimelineMentions(sentence).length > 0) signals.add("time");
  return [...signals];
}

const MONEY_CATEGORIES: readonly LexiconCategory[] = ["moneyOrOutcome", "currency", "amountWords"];

/*
 * Another supported language's money words, read in every sentence: a sentence may look like
 * the conversation's language and still say "remboursement". A word of two or three letters
 * ("al", "ya", "pag") is too often an ordinary word next door, so it counts only in a sentence
 * too short to show its language.
 */
function hasThirdLanguageMoneyWords(
  sentence: string,
  language: LexiconLanguage,
  short: boolean,
): boolean {
  if (FOREIGN_MONEY.test(sentence)) return true;
  return LEXICON_LANGUAGES.some((other) => {
    if (other === language) return false;
    const matcher = short ? LEXICON_MATCHERS[other] : DISTINCTIVE_MATCHERS[other];
    return matcher.categories(sentence).some((category) => MONEY_CATEGORIES.includes(category));
  });
}

function isUnreadableLanguage(sentence: string): boolean {
  if (FOREIGN_MONEY.test(sentence) || isUnreadableProse(sentence)) return true;
  return isForeignText(sentence) && /[\p{N}\p{Sc}]/u.test(sentence);
}
