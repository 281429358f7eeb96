import { AGENT_REQUESTER } from "./actor";

/*
 * Where a refund's reason came from, in the plain words an approver reads on the approval card:
 * the customer's own sentence, or the agent's assumption. Built from what the pending action
 * stored when it was proposed, never re-read from the conversation.
 */

export type ReasonSourceInput = {
  /** False when the proposal's reason was not the one the customer's words gave. */
  statedByCustomer: boolean;
  /** The customer's sentence that stated it, when stored. */
  words: string | null;
  /** Who proposed the refund: the agent, or a staff user's id. */
  requestedBy: string;
};

const MAX_QUOTED_CHARS = 300;

export function describeReasonSource(input: ReasonSourceInput): string {
  if (input.requestedBy !== AGENT_REQUESTER) {
    return "Chosen by the staff member who proposed this refund";
  }
  if (!input.statedByCustomer) {
    return "The agent's assumption — the customer did not state this reason";
  }
  if (input.words) {
    const words =
      input.words.length > MAX_QUOTED_CHARS
        ? `${input.words.slice(0, MAX_QUOTED_CHARS - 1)}…`
        : input.words;
    return `The customer wrote: “${words}”`;
  }
  return "Stated by the customer (their words were not recorded with this refund)";
}
