import { z } from "zod";

/*
 * Why code handed a conversation to a person. A closed list: each kind is something the agent
 * cannot get past on its own, and the inbox shows the reason in words staff can act on.
 */
export const NEEDS_PERSON_KINDS = [
  /** The agent heard the customer but produced nothing that could be sent to them. */
  "agent_could_not_reply",
  /** The model server refuses the requests (a 4xx it will repeat): a configuration problem. */
  "model_misconfigured",
  /** The agent's replies failed the readability check. */
  "unreadable_reply",
  /** The customer asked for a person, or the agent could not help with what they asked. */
  "customer_needs_person",
  /** The customer writes in a language the agent does not speak. */
  "language_not_supported",
  /** The agent asked the same question twice running and could act on neither answer. */
  "question_unanswered",
] as const;

export const needsPersonKindSchema = z.enum(NEEDS_PERSON_KINDS);
export type NeedsPersonKind = z.infer<typeof needsPersonKindSchema>;

/** Each kind in a few words, for the inbox's "Needs a person" list. */
export const NEEDS_PERSON_KIND_LABELS: Readonly<Record<NeedsPersonKind, string>> = {
  agent_could_not_reply: "No reply sent",
  model_misconfigured: "Model misconfigured",
  unreadable_reply: "Unreadable replies",
  customer_needs_person: "Asked for a person",
  language_not_supported: "Language not supported",
  question_unanswered: "Same question twice",
};

/** A stored kind's label; a kind this code does not know is shown as stored. */
export function needsPersonKindLabel(kind: string): string {
  const known = needsPersonKindSchema.safeParse(kind);
  return known.success ? NEEDS_PERSON_KIND_LABELS[known.data] : kind;
}

/*
 * The hand-offs after which the agent stays silent until a person took over or replied: the
 * customer was told a person will answer, and the agent could only repeat itself. A flag raised
 * because one reply failed (a holding reply, a misconfigured model) leaves the agent free to
 * answer the customer's next message, while staff still see the flag.
 */
const PAUSING_KINDS: ReadonlySet<string> = new Set<NeedsPersonKind>([
  "customer_needs_person",
  "language_not_supported",
  "question_unanswered",
]);

/** Whether a conversation flagged with this kind starts no agent run for a customer's message. */
export function flagPausesAgent(kind: string | null): boolean {
  return kind !== null && PAUSING_KINDS.has(kind);
}

export type NeedsPersonFlag = { kind: NeedsPersonKind; reason: string };

/** The longest reason stored; longer ones are cut at a word boundary. */
export const NEEDS_PERSON_REASON_MAX = 300;

export function needsPersonReasonText(reason: string): string {
  const flat = reason.replace(/\s+/g, " ").trim();
  if (flat.length <= NEEDS_PERSON_REASON_MAX) return flat;
  const cut = flat.slice(0, NEEDS_PERSON_REASON_MAX - 1);
  const space = cut.lastIndexOf(" ");
  return `${space > NEEDS_PERSON_REASON_MAX / 2 ? cut.slice(0, space) : cut}…`;
}
