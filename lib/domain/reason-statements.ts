import {
  countHeadNouns,
  findMention,
  isDistinctHead,
  type NamedLine,
  nameWords,
  singular,
} from "./line-mentions";
import { matchAny, matchPattern } from "./phrase-pattern";
import type { RefundReason } from "./policy-rules";
import {
  GENERIC_WRONG_OBJECT,
  HARMLESS_BEFORE_ITEM,
  MERCHANT_FAULT_PREDICATES,
  OPENERS,
  ORDER_NUMBER_PREFIXES,
  RETRACTION_WORDS,
  SUBJECT_DETERMINERS,
  SUBJECT_MODIFIERS,
  SUBJECT_PRONOUNS,
  TRAILERS,
  UNCERTAIN_SENTENCE_WORDS,
  WRONG_ITEM_SENT,
} from "./reason-grammar";
import { type Sentence, splitSentences } from "./reason-sentences";

/*
 * Which reason the customer's own words give for which of their lines. A reason that makes the
 * merchant pay more (damaged, wrong item, not as described) is read only from a clause that
 * parses completely in the closed grammar of reason-grammar.ts, whose subject is that very line
 * (or "it" for the line just named, in a message that names nothing else), in a sentence with no
 * question, condition, hedge or other negation, in a message that neither retracts it nor says
 * something else acted on the line. Whatever is not certain states no reason. A reason that pays less (too small, too
 * large, no longer needed) is read more loosely, but only for the line its clause is about.
 */

export type ReasonStatement = {
  lineId: string;
  reason: RefundReason;
  /** The sentence that says so, as the customer wrote it. */
  words: string;
};

export type ReasonReading = {
  statements: ReasonStatement[];
  /**
   * Lines a clause acted on ("I dropped it") or denied something about ("they didn't arrive
   * torn"), or every line when the message retracts itself: no merchant-fault claim about them
   * holds, not even one made in an earlier message.
   */
  doubtedLineIds: string[];
  /** The lines "it" or "they" in the customer's next message would stand for. */
  antecedentLineIds: string[];
};

export type ReasonContext = {
  lines: readonly NamedLine[];
  /** The lines the customer was talking about before this message. */
  previousLineIds: readonly string[];
  /** The lines this message asks about, for a customer-fault reason that names none. */
  requestedLineIds: readonly string[];
};

const CUSTOMER_FAULT_PATTERNS: readonly (readonly [RefundReason, RegExp])[] = [
  [
    "too_small",
    /\b(too (small|tight|short|narrow)|runs small|smaller than (i )?(expected|thought))\b/,
  ],
  [
    "too_large",
    /\b(too (big|large|loose|long|wide|baggy)|runs (big|large)|(bigger|larger) than (i )?(expected|thought)|oversized)\b/,
  ],
  [
    "no_longer_needed",
    /\b(no longer (need|want|use)|(do|did|will) not (need|want|use)|not needed|changed my mind|never used|no use for|(bought|ordered) (it |them )?by mistake)\b/,
  ],
];

/** "my bad", "our mistake": the customer owning up anywhere in the message. */
const OWN_FAULT = new Set(["bad", "fault", "mistake", "doing", "error"]);
const STANDALONE_DENIALS = new Set(["not", "really", "nope", "nah"]);
const NEGATIONS = new Set(["not", "never", "no", "nothing", "none", "neither", "nor", "hardly"]);
const OBJECT_PRONOUNS = new Set(["it", "them", "one", "this", "these", "those", "that"]);
const ITEM_PRONOUNS = new Set([...OBJECT_PRONOUNS, "they"]);
/** Words after a determiner that are not a thing the customer could mean by "it". */
const NON_REFERENTS = new Set(["money", "refund", "wrong"]);
const FOREIGN_DETERMINERS = new Set([
  "the",
  "my",
  "a",
  "an",
  "your",
  "his",
  "her",
  "their",
  "our",
  "another",
  "other",
  "some",
]);
type SubjectRef = { kind: "lines"; lineIds: readonly string[] } | { kind: "pronoun" };

class LineIndex {
  readonly nameWordsOf: ReadonlyMap<string, readonly string[]>;
  readonly allNameWords: ReadonlySet<string>;
  readonly headNounCounts: ReadonlyMap<string, number>;

  constructor(readonly lines: readonly NamedLine[]) {
    this.nameWordsOf = new Map(lines.map((line) => [line.lineId, nameWords(line)]));
    this.allNameWords = new Set([...this.nameWordsOf.values()].flat());
    this.headNounCounts = countHeadNouns(lines);
  }

  /** The one line a run of name words identifies, or null when it identifies none or several. */
  identify(run: readonly string[]): NamedLine | null {
    const candidates = this.lines.filter((line) => {
      const own = this.nameWordsOf.get(line.lineId) ?? [];
      if (!run.every((word) => own.includes(word))) return false;
      const head = own.at(-1) ?? "";
      return (
        (own.length === 1 && run.length === 1) ||
        run.length >= 2 ||
        (run.includes(head) && isDistinctHead(head, this.headNounCounts))
      );
    });
    return candidates.length === 1 ? (candidates[0] ?? null) : null;
  }

  /** Lines the tokens mention anywhere (the loose reading used to tie a clause to its item). */
  mentioned(tokens: readonly string[]): string[] {
    const singulars = tokens.map(singular);
    return this.lines
      .filter((line) => findMention(singulars, line, this.headNounCounts) !== null)
      .map((line) => line.lineId);
  }

  isNameWord(token: string): boolean {
    return this.allNameWords.has(singular(token));
  }
}

/** "the glass pour-over coffee maker [I ordered]" from `start`: each way it can end. */
function matchLineSubject(
  index: LineIndex,
  tokens: readonly string[],
  start: number,
  withDeterminer: boolean,
): { end: number; lineId: string }[] {
  let at = start;
  if (withDeterminer && SUBJECT_DETERMINERS.has(tokens[at] ?? "")) at += 1;
  const run: string[] = [];
  while (at < tokens.length && index.isNameWord(tokens[at] ?? "")) {
    run.push(singular(tokens[at] ?? ""));
    at += 1;
  }
  const line = run.length > 0 ? index.identify(run) : null;
  if (!line) return [];
  const ends = [at, ...matchAny(SUBJECT_MODIFIERS, tokens, at)];
  const orderNumber = line.orderNumber?.toLowerCase();
  if (orderNumber) {
    for (const after of matchAny(ORDER_NUMBER_PREFIXES, tokens, at)) {
      if (tokens[after] === orderNumber) ends.push(after + 1);
    }
  }
  return ends.map((end) => ({ end, lineId: line.lineId }));
}

function subjects(
  index: LineIndex,
  tokens: readonly string[],
  start: number,
): { end: number; ref: SubjectRef }[] {
  return [
    ...matchPattern(SUBJECT_PRONOUNS, tokens, start).map((end) => ({
      end,
      ref: { kind: "pronoun" } as const,
    })),
    ...matchLineSubject(index, tokens, start, true).map(({ end, lineId }) => ({
      end,
      ref: { kind: "lines", lineIds: [lineId] } as const,
    })),
  ];
}

function skipOpeners(tokens: readonly string[]): number {
  let at = 0;
  while (OPENERS.has(tokens[at] ?? "")) at += 1;
  return at;
}

/** Whether the clause can close at `from` with nothing but trailers left. */
function closesAt(tokens: readonly string[], from: number): boolean {
  let reachable = new Set([from]);
  const seen = new Set<number>();
  while (reachable.size > 0) {
    if (reachable.has(tokens.length)) return true;
    const next = new Set<number>();
    for (const at of reachable) {
      if (seen.has(at)) continue;
      seen.add(at);
      for (const end of matchAny(TRAILERS, tokens, at)) next.add(end);
    }
    reachable = next;
  }
  return false;
}

type MerchantClause = { reason: RefundReason; ref: SubjectRef };

/** The merchant-fault statement a clause makes, when the whole clause is one; else null. */
function parseMerchantFaultClause(
  index: LineIndex,
  tokens: readonly string[],
): MerchantClause | null {
  const start = skipOpeners(tokens);
  const found: MerchantClause[] = [];
  for (const subject of subjects(index, tokens, start)) {
    for (const [reason, predicates] of MERCHANT_FAULT_PREDICATES) {
      if (matchAny(predicates, tokens, subject.end).some((end) => closesAt(tokens, end))) {
        found.push({ reason, ref: subject.ref });
      }
    }
  }
  for (const end of matchAny(WRONG_ITEM_SENT, tokens, start)) {
    for (const objectEnd of matchPattern(GENERIC_WRONG_OBJECT, tokens, end)) {
      if (closesAt(tokens, objectEnd))
        found.push({ reason: "wrong_item", ref: { kind: "pronoun" } });
    }
    for (const object of matchLineSubject(index, tokens, end, false)) {
      if (closesAt(tokens, object.end)) {
        found.push({ reason: "wrong_item", ref: { kind: "lines", lineIds: [object.lineId] } });
      }
    }
  }
  const reasons = new Set(found.map((clause) => clause.reason));
  return reasons.size === 1 ? (found[0] ?? null) : null;
}

/** A thing other than one of the lines: "the box", "my order", "her mug", "my sister's". */
function namesSomethingElse(index: LineIndex, tokens: readonly string[]): boolean {
  return tokens.some((token, at) => {
    if (/'s$/.test(token)) return true;
    const next = tokens[at + 1];
    return (
      FOREIGN_DETERMINERS.has(token) &&
      next !== undefined &&
      /^[a-z]/.test(next) &&
      !index.isNameWord(next) &&
      !NON_REFERENTS.has(next)
    );
  });
}

/**
 * Whether something acts on an item in this clause ("I dropped it", "my dog chewed the socks"):
 * an item or "it" right after a word that is not a harmless verb of ordering or returning.
 */
function actsOnItem(index: LineIndex, tokens: readonly string[]): boolean {
  const start = skipOpeners(tokens);
  return tokens.some((token, at) => {
    if (at <= start) return false;
    const isItem = OBJECT_PRONOUNS.has(token) || index.isNameWord(token);
    if (!isItem) return false;
    let before = at - 1;
    while (
      before >= start &&
      (SUBJECT_DETERMINERS.has(tokens[before] ?? "") || index.isNameWord(tokens[before] ?? ""))
    ) {
      before -= 1;
    }
    if (before < start) return false;
    return !HARMLESS_BEFORE_ITEM.has(tokens[before] ?? "");
  });
}

function customerFaultReason(clause: readonly string[]): RefundReason | null {
  const text = clause.join(" ");
  let best: { reason: RefundReason; at: number } | null = null;
  for (const [reason, pattern] of CUSTOMER_FAULT_PATTERNS) {
    const match = pattern.exec(text);
    if (!match) continue;
    const wordsBefore = text.slice(0, match.index).split(" ").filter(Boolean);
    if (wordsBefore.some((word) => NEGATIONS.has(word))) continue;
    if (!best || match.index < best.at) best = { reason, at: match.index };
  }
  return best?.reason ?? null;
}

export function readReasonStatements(text: string, context: ReasonContext): ReasonReading {
  const index = new LineIndex(context.lines);
  const known = new Set(context.lines.map((line) => line.lineId));
  const merchant: ReasonStatement[] = [];
  const customer: ReasonStatement[] = [];
  const doubted = new Set<string>();
  // The nearest earlier clause that named things: its lines, or null when it named something else.
  let antecedent: string[] | null = context.previousLineIds.filter((lineId) => known.has(lineId));

  const sentences = splitSentences(text);
  // "…just kidding", "Not.", a wink: one retraction takes back every fault claim in the message,
  // and any this customer made before.
  const retracted = isRetraction(text, sentences);
  if (retracted) for (const lineId of known) doubted.add(lineId);
  const parsedClauses = new Map(
    sentences.flatMap((sentence) =>
      sentence.clauses.map((clause) => [clause, parseMerchantFaultClause(index, clause)] as const),
    ),
  );
  // "It was smashed, the parcel I mean": "it" is certain only in a message that names nothing else
  // (outside the statements themselves: "it doesn't match the photos" names the photos).
  const namesOtherThings = [...parsedClauses].some(
    ([clause, parsed]) => parsed === null && namesSomethingElse(index, clause),
  );
  for (const sentence of sentences) {
    // A hedge or a negation anywhere else in the sentence puts its statement in doubt.
    const hedgedClauses = sentence.clauses.map((clause) =>
      clause.some((token) => UNCERTAIN_SENTENCE_WORDS.has(token) || NEGATIONS.has(token)),
    );
    let pendingSubject: string[] = [];
    sentence.clauses.forEach((clause, position) => {
      const mentioned = index.mentioned(clause);
      const foreign = namesSomethingElse(index, clause);
      const parsed = parsedClauses.get(clause) ?? null;
      const resolved = (ref: SubjectRef): readonly string[] =>
        ref.kind === "lines" ? ref.lineIds : (antecedent ?? []);

      if (parsed) {
        const lineIds = [...new Set([...pendingSubject, ...resolved(parsed.ref)])];
        const othersHedge = hedgedClauses.some((hedged, other) => hedged && other !== position);
        const uncertainReference = parsed.ref.kind === "pronoun" && namesOtherThings;
        if (
          !sentence.question &&
          !othersHedge &&
          !retracted &&
          !uncertainReference &&
          lineIds.length > 0
        ) {
          for (const lineId of lineIds) {
            merchant.push({ lineId, reason: parsed.reason, words: sentence.text });
          }
        }
        antecedent = lineIds.length > 0 ? lineIds : null;
        pendingSubject = [];
        return;
      }

      // "I dropped it", "they didn't arrive torn": whatever it says about the item, it is not
      // a certain statement that the item is our fault, and it casts doubt on one made before.
      const refersToItem = mentioned.length > 0 || clause.some((token) => ITEM_PRONOUNS.has(token));
      const deniesAboutItem = refersToItem && clause.some((token) => NEGATIONS.has(token));
      if (actsOnItem(index, clause) || deniesAboutItem) {
        const objects = mentioned.length > 0 ? mentioned : (antecedent ?? []);
        for (const lineId of objects.length > 0 ? objects : [...known]) doubted.add(lineId);
      }
      const reason = customerFaultReason(clause);
      if (reason) {
        const lineIds =
          mentioned.length > 0
            ? mentioned
            : antecedent && antecedent.length > 0
              ? antecedent
              : [...context.requestedLineIds];
        for (const lineId of lineIds) customer.push({ lineId, reason, words: sentence.text });
      }
      // A clause that is only the names of items ("the mug and the coffee maker arrived
      // cracked") shares the subject of the clause after it.
      const onlyNames =
        mentioned.length > 0 &&
        clause.every(
          (token) =>
            index.isNameWord(token) || SUBJECT_DETERMINERS.has(token) || OPENERS.has(token),
        );
      pendingSubject = onlyNames ? [...new Set([...pendingSubject, ...mentioned])] : [];
      if (foreign) antecedent = null;
      else if (onlyNames) antecedent = pendingSubject;
      else if (mentioned.length > 0) antecedent = mentioned;
    });
  }

  return {
    statements: settleStatements(merchant, customer, doubted),
    doubtedLineIds: [...doubted],
    antecedentLineIds: antecedent ?? [],
  };
}

const WINKS = /[😉😜😝😛🙃😏🤪]|[;:]-?[)pP](?![a-z])/u;

function isRetraction(text: string, sentences: readonly Sentence[]): boolean {
  return (
    WINKS.test(text) ||
    sentences.some((sentence) =>
      sentence.clauses.some((clause) =>
        clause.some(
          (token, at) =>
            RETRACTION_WORDS.has(token) ||
            ((token === "my" || token === "our") && OWN_FAULT.has(clause[at + 1] ?? "")),
        ),
      ),
    ) ||
    // "Not." / "Not really." on its own.
    sentences.some((sentence) =>
      sentence.clauses.flat().every((token) => STANDALONE_DENIALS.has(token)),
    )
  );
}

/**
 * One reason per line. A merchant-fault reason stands only when nothing else in the message
 * doubts it: not a customer-fault reason for the same line, not another merchant-fault reason,
 * not something acting on the item. Of several customer-fault reasons, the last one counts.
 */
function settleStatements(
  merchant: readonly ReasonStatement[],
  customer: readonly ReasonStatement[],
  doubted: ReadonlySet<string>,
): ReasonStatement[] {
  const settled = new Map<string, ReasonStatement>();
  for (const statement of customer) settled.set(statement.lineId, statement);
  const merchantReasons = new Map<string, Set<RefundReason>>();
  for (const statement of merchant) {
    const reasons = merchantReasons.get(statement.lineId) ?? new Set();
    reasons.add(statement.reason);
    merchantReasons.set(statement.lineId, reasons);
  }
  for (const statement of merchant) {
    const certain =
      !settled.has(statement.lineId) &&
      !doubted.has(statement.lineId) &&
      merchantReasons.get(statement.lineId)?.size === 1;
    if (certain) settled.set(statement.lineId, statement);
  }
  return [...settled.values()];
}
