import { AMOUNT, ITEM, PART } from "../classify-message-lexicon";
import type { Language } from "../languages";
import { type ConsentLexicon, oneOf, phrases } from "./lexicon";

/**
 * The parts of a language's consent grammar, as its speakers write them. Lists are
 * comma-separated phrases; `…Cores` and `…Shapes` are regex sources over one clause's words
 * (joined by single spaces; in Japanese, by nothing or a space), which may use the OBJECT,
 * ITEM, PART and AMOUNT slots through the functions below.
 */
export type LexiconParts = {
  language: Language;
  /** Japanese: words follow one another without spaces. */
  unspaced?: boolean;
  /** Words that say yes on their own. */
  yesWords: string;
  /** Courtesy that may surround a yes and never changes it; none of it says yes by itself. */
  courtesy: string;
  /** What a yes may refer to, given the ITEM / AMOUNT slot source. */
  object: (named: string) => string;
  /** Phrase shapes that say yes to the quote on screen, given OBJECT and YES. */
  affirming: (object: string, yes: string) => string[];
  /** Phrase shapes that only mean "carry on" after a pause. */
  resuming: (object: string) => string[];
  and: RegExp;
  decline: {
    /** Hesitation or courtesy that may open a declining clause. */
    openers: string;
    /** A bare "no", one word each. */
    negations: string;
    /** Dismissals and keep-statements, given OBJECT (which always means the whole quote). */
    dismissals: (object: string) => string[];
    tails: string;
    /** Regex source that opens a remark about the items or the quote. */
    remarkStart: string;
    aboutTheRequest: string;
    weakAcks: string;
    strongYes: string;
    negated: string;
  };
  conditions: string;
  /** Regex source for conditions a word list cannot say (Spanish "si" inside a clause). */
  conditionShapes?: string;
  sarcasm: string;
  questionWords: string;
  /** Regex source over a whole clause: a question without a question mark. */
  questionShape: string;
  notAQuestion?: string;
  infoOrHold: string;
  /** Regex source that opens a request to proceed asked as a question. */
  requestAsQuestion: string;
  /** Regex source of switch phrases, given the slots (ITEM|PART). */
  switchPhrase: (slots: string) => string;
  negatedSwitch: string;
  dropping: string;
  determiners: string;
  notAThing: string;
  stopwords: string;
  /** Regex source: "otro pedido", "ein anderer Artikel". */
  otherThing: string;
  itemDeterminers: string;
  authority: string;
  typoTargets: string;
  notTypos: string;
};

/**
 * The longest clause a whole-clause grammar reads. A word may be read two ways ("danke schön"
 * as one phrase or two), which makes a long run of such words exponential to backtrack
 * through; no yes, no and no filler is this long.
 */
const MAX_CLAUSE_CHARS = 160;

/** A regex over one whole clause, refusing any clause longer than the grammars read. */
function wholeClause(source: string): RegExp {
  return new RegExp(`^(?=.{0,${MAX_CLAUSE_CHARS}}$)${source}`);
}

/** A regex matching any of the phrases as whole words (any substring in unspaced text). */
function wordsOf(list: string, unspaced: boolean): RegExp {
  return unspaced ? new RegExp(oneOf(list)) : new RegExp(`(?:^| )${oneOf(list)}(?: |$)`);
}

export function buildLexicon(parts: LexiconParts): ConsentLexicon {
  const unspaced = parts.unspaced === true;
  const gap = unspaced ? " ?" : " ";
  const YES = oneOf(parts.yesWords);
  const COURTESY = oneOf(parts.courtesy);
  // One alternation over both lists: a phrase in each is then one reading, not two.
  const YES_OR_COURTESY = oneOf(`${parts.yesWords},${parts.courtesy}`);
  const NAMED = `(?:${ITEM}|${AMOUNT})`;
  const OBJECT = parts.object(NAMED);
  const affirmingCores = parts.affirming(OBJECT, YES);
  const resumingCores = parts.resuming(OBJECT);
  const word = `(?:${YES_OR_COURTESY}|${NAMED})`;
  const clauseGrammar = (cores: readonly string[]) =>
    wholeClause(`(?:${word}${gap})*(?:${[...cores, word].join("|")})(?:${gap}${word})*$`);
  const [start, end] = unspaced ? ["", ""] : ["(?:^| )", "(?: |$)"];

  const decline = parts.decline;
  const opener = oneOf(`${decline.openers},${parts.courtesy}`);
  const negation = oneOf(decline.negations);
  const tail = oneOf(decline.tails);
  const declineClause = wholeClause(
    `(?:${opener}${gap})*(?:(?:${negation}${gap})*(?:${decline.dismissals(OBJECT).join("|")})|${negation})(?:${gap}${tail})*$`,
  );
  const filler = oneOf(`${decline.openers},${parts.courtesy},${decline.tails}`);

  return {
    language: parts.language,
    and: parts.and,
    confirmClause: clauseGrammar(affirmingCores),
    resumeClause: clauseGrammar([...affirmingCores, ...resumingCores]),
    affirming: new RegExp(`${start}(?:${YES}|${affirmingCores.join("|")})${end}`),
    resuming: new RegExp(`${start}(?:${resumingCores.join("|")})${end}`),
    courtesyClause: wholeClause(`${COURTESY}(?:${gap}${COURTESY})*$`),
    decline: {
      clause: declineClause,
      filler: wholeClause(`${filler}(?:${gap}${filler})*$`),
      remark: wholeClause(`(?:${opener}${gap})*(?:${decline.remarkStart})`),
      aboutTheRequest: wordsOf(decline.aboutTheRequest, unspaced),
      weakAck: new RegExp(`^${oneOf(decline.weakAcks)}$`),
      strongYes: wordsOf(decline.strongYes, unspaced),
      negated: wordsOf(decline.negated, unspaced),
    },
    condition: new RegExp(
      [wordsOf(parts.conditions, unspaced).source, parts.conditionShapes]
        .filter((source) => source !== undefined)
        .join("|"),
    ),
    sarcasm: wordsOf(parts.sarcasm, unspaced),
    questionAnywhere: wordsOf(parts.questionWords, unspaced),
    questionShape: new RegExp(parts.questionShape),
    notAQuestion: parts.notAQuestion ? new RegExp(parts.notAQuestion, "g") : null,
    infoOrHold: wordsOf(parts.infoOrHold, unspaced),
    requestAsQuestion: new RegExp(parts.requestAsQuestion),
    switchPhrase: new RegExp(parts.switchPhrase(`${ITEM}|${PART}`)),
    negatedSwitch: new RegExp(parts.negatedSwitch),
    dropping: new Set(phrases(parts.dropping)),
    determiners: new Set(phrases(parts.determiners)),
    notAThing: new Set(phrases(parts.notAThing)),
    stopwords: new Set(phrases(parts.stopwords)),
    otherThing: new RegExp(parts.otherThing),
    itemDeterminers: parts.itemDeterminers,
    authority: wordsOf(parts.authority, unspaced),
    typoTargets: phrases(parts.typoTargets),
    notTypos: new Set(phrases(parts.notTypos)),
    cancel: null,
    spacesBetweenScripts: unspaced,
  };
}
