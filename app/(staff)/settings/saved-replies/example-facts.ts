import type { SavedReplyFacts } from "@/lib/domain/saved-reply-render";

/** The made-up ticket the editor previews a reply on, said in words beside the preview. */
export function exampleFacts(agentName: string): SavedReplyFacts {
  return {
    language: "en",
    customerName: "Maya Chen",
    orderNumber: "#1042",
    openQuote: { amountCents: 4800, currency: "USD" },
    agentName,
  };
}

export const EXAMPLE_TICKET_WORDS = "Maya Chen, order #1042, an open quote of $48.00";
