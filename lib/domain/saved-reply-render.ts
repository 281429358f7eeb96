import { formatMoneyIn, type Language } from "./languages";
import type { Cents } from "./money";
import type { SavedReplyVariable, TemplateSegment } from "./saved-reply-template";
import { templateVariables } from "./saved-reply-template";

/*
 * What a saved reply may say about a ticket, as the server loaded it from the records: never text
 * a person typed into the reply. The quote is the open one (waiting for the customer or for an
 * approver); a ticket without one has none, and the reply does not get a guessed amount.
 */
export type SavedReplyFacts = {
  language: Language;
  customerName: string | null;
  orderNumber: string | null;
  openQuote: { amountCents: Cents; currency: string } | null;
  agentName: string | null;
};

export type RenderedReply =
  | { ok: true; text: string }
  | { ok: false; missing: SavedReplyVariable[] };

/*
 * A stored value that is blank, or that holds a brace (and could make the text read as a variable),
 * is no value: inserting it would put a blank or a template where the person expects a fact.
 */
function usable(value: string | null): string | null {
  const tidy = value?.replace(/\s+/g, " ").trim() ?? "";
  if (tidy === "" || /[{}]/.test(tidy)) return null;
  return tidy;
}

function firstName(name: string | null): string | null {
  return usable(name)?.split(" ")[0] ?? null;
}

function factFor(variable: SavedReplyVariable, facts: SavedReplyFacts): string | null {
  switch (variable) {
    case "customer.first_name":
      return firstName(facts.customerName);
    case "customer.name":
      return usable(facts.customerName);
    case "order.number":
      return usable(facts.orderNumber);
    case "quote.amount":
      return facts.openQuote
        ? formatMoneyIn(facts.language, facts.openQuote.amountCents, facts.openQuote.currency)
        : null;
    case "agent.first_name":
      return firstName(facts.agentName);
  }
}

/** The reply's text for this ticket, or every variable the ticket has no value for. */
export function renderSavedReply(
  segments: readonly TemplateSegment[],
  facts: SavedReplyFacts,
): RenderedReply {
  const values = new Map(
    templateVariables(segments).map((variable) => [variable, factFor(variable, facts)]),
  );
  const missing = [...values].flatMap(([variable, value]) => (value === null ? [variable] : []));
  if (missing.length > 0) return { ok: false, missing };
  const text = segments
    .map((segment) =>
      segment.kind === "text" ? segment.text : (values.get(segment.name) as string),
    )
    .join("");
  return { ok: true, text };
}
