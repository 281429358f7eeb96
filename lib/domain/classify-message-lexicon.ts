/**
 * The classifier's vocabulary: phrases by what they signal in a reply to a refund quote.
 * Phrases are matched on whole words, longest first, so "absolutely not" is a refusal and
 * "all right" is not the widening word "all".
 */
export type Category =
  | "affirm"
  | "resume"
  | "neutral"
  | "decline"
  | "hold"
  | "uncertain"
  | "condition"
  | "question"
  | "info"
  | "change"
  | "widen"
  | "authority";

function phrases(list: string): string[] {
  return list
    .split(",")
    .map((phrase) => phrase.trim().replace(/\s+/g, " "))
    .filter((phrase) => phrase !== "");
}

/**
 * `affirm` says yes; `resume` only means "carry on" after a pause; `neutral` is courtesy and
 * filler a plain yes may contain; `widen` grows the request (more items, other orders, a full
 * amount); `authority` claims someone else's say-so or instructs the system.
 */
export const LEXICON: Readonly<Record<Category, readonly string[]>> = {
  affirm: phrases(`
    yes, yess, yeah, yea, yeh, yep, yup, ya, yah, yse, sure, sure thing, ok, okay, okk, okey,
    okie, alright, all right, go ahead, go for it, do it, let's do it, lets do it, proceed,
    confirm, confirmed, agree, agreed, deal, absolutely, definitely, of course, correct,
    that's correct, thats correct, that's right, thats right, that's fine, thats fine, fine,
    sounds good, sounds great, sounds fine, looks good, looks right, looks fine, that works,
    works for me, perfect, accept, please do, why not, no problem, no worries, refund it,
    refund them, process it, affirmative
  `),
  resume: phrases(`
    continue, carry on, resume, back to, keep going
  `),
  neutral: phrases(`
    please, pls, plz, thanks, thank, thx, ty, cheers, you, so, much, lot, a, an, the, for,
    your, help, hi, hello, hey, there, and, with, this, that, it, it's, its, me, to, i, i'd,
    i'm, im, like, would, want, just, now, already, finally, damn, freaking, bloody, ugh, oh,
    well, good, great, nice, day, have, quick, answer, answers, sorry, hassle, right, my,
    card, refund, process, return, quote, send, receipt, email, is, be, got it, makes sense,
    understood, clear, helpful, super, been, you've, really, very, kindly, again, awesome,
    cool, excellent, lovely, them, let's, lets, go, on, of, we, can
  `),
  decline: phrases(`
    no, nope, nah, noo, not, no thanks, no thank you, don't, dont, do not, cancel, never mind,
    nevermind, changed my mind, change my mind, not interested, stop, decline, no way, hell
    no, absolutely not, forget it, keep them, keep it, i'll keep, ill keep, don't bother,
    refuse, reject, pass, i'll pass
  `),
  hold: phrases(`
    not yet, hold on, hold off, wait, hang on, one sec, one second, one moment, a sec, a
    moment, a minute, give me a minute, give me a moment, give me a sec, let me think, let me
    check, need to check, later, not now, pause
  `),
  uncertain: phrases(`
    maybe, perhaps, probably, possibly, i guess, guess, i think, not sure, unsure, whatever, i
    suppose, suppose, hmm, hm, umm, um, idk, dunno
  `),
  condition: phrases(`
    but, if, unless, as long as, so long as, provided, providing, only, assuming, on condition
  `),
  question: phrases(`
    what, what's, whats, why, how, when, where, who, which, does, are, could, will, should,
    shall, may, did, do i, do you, do we
  `),
  info: phrases(`
    tell me, explain, quick question, question, but first, before that, before i
  `),
  change: phrases(`
    instead, rather, i'd rather, switch, swap, change it, change that, change to, i meant,
    actually i want, actually i'd like
  `),
  widen: phrases(`
    also, too, as well, plus, add, additionally, extra, more, all, everything, every, full,
    whole, entire, half, other, another, different, both, partial, double, twice
  `),
  authority: phrases(`
    approve, approved, approves, approval, approving, authorize, authorise, authorized,
    authorised, authorization, authorisation, manager, supervisor, boss, admin, administrator,
    system, assistant, developer, override, ignore, instruction, instructions, prompt,
    jailbreak, execute, mode, tool, future, preapproved, staff, permission, user, already
    confirmed, said yes, on behalf
  `),
};

/** Words worth correcting a one-letter slip towards ("plese", "procede", "confrim", "go ahed"). */
export const TYPO_TARGETS: readonly string[] = phrases(`
  ahead, proceed, confirm, please, thanks, sounds, alright, absolutely, definitely, perfect,
  correct, accept, agreed, refund
`);

/** Every phrase with its category, for whole-phrase lookup. */
export const PHRASES: ReadonlyMap<string, Category> = new Map(
  (Object.entries(LEXICON) as [Category, readonly string[]][]).flatMap(([category, list]) =>
    list.map((phrase): [string, Category] => [phrase, category]),
  ),
);
