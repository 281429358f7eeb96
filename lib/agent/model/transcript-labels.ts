import { MERGED_TURN_SEPARATOR } from "./merge-user-turns";
import type { TranscriptItem } from "./provider";

// How non-customer entries are labelled for OpenAI-compatible models, which only have "user"
// turns for them (many servers accept a single system message, first).
export const STAFF_LABEL = "[Message from support staff] ";
export const SYSTEM_NOTE_LABEL = "[System note, not from the customer] ";
// The server's current facts (customer, pending actions), sent after the conversation rather than
// in the system prompt, so the prompt stays byte-identical and provider prompt caches hit.
export const STATE_NOTE_LABEL = "[Current state from the server, not from the customer] ";

// A customer cannot pose as staff or as the system by typing a label themselves, at the start or
// after a merged-turn separator (see merge-user-turns.ts).
export function labelledUserText(
  item: Extract<TranscriptItem, { kind: "customer" | "staff" | "system_note" }>,
): string {
  if (item.kind === "staff") return `${STAFF_LABEL}${item.text}`;
  if (item.kind === "system_note") return `${SYSTEM_NOTE_LABEL}${item.text}`;
  const posing = [STAFF_LABEL, SYSTEM_NOTE_LABEL, STATE_NOTE_LABEL].some((label) =>
    item.text.includes(label.trim()),
  );
  return posing
    ? `(Customer wrote:) ${item.text.replaceAll(MERGED_TURN_SEPARATOR.trim(), "- - -")}`
    : item.text;
}
