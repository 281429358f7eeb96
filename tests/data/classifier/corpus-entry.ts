import type { MessageIntent } from "@/lib/domain/classify-message";
import type { PendingActionStatus } from "@/lib/domain/pending-action-status";

export type CorpusEntry = {
  text: string;
  /** Status of the open pending action, or null when there is none. */
  status: PendingActionStatus | null;
  /** Item names of the open action's quote; defaults to the socks quote of story 5. */
  items?: readonly string[];
  /** Line ids of the open action's quote; defaults to the socks line. */
  lineIds?: readonly string[];
  /** The quote's net amount; defaults to that of the quote above (the socks' $12.60). */
  netRefundCents?: number;
  expected: MessageIntent;
};

/** Story 5's quote: $12.60 for the socks. */
export const SOCKS = { items: ["Wool socks"], lineIds: ["B2001-2"], netRefundCents: 1260 } as const;
/** Story 4's quote: $80.10 for the jacket. */
export const JACKET = {
  items: ["Rain jacket"],
  lineIds: ["B2001-1"],
  netRefundCents: 8010,
} as const;
/** Story 1's two-line quote: the coffee maker and two mugs, both damaged. */
export const COFFEE_AND_MUGS = {
  items: ["Glass pour-over coffee maker", "Stoneware mug"],
  lineIds: ["A1043-1", "A1043-2"],
  netRefundCents: 7200,
} as const;
/** Both lines of order B2001 on one quote, too large. */
export const JACKET_AND_SOCKS = {
  items: ["Rain jacket", "Wool socks"],
  lineIds: ["B2001-1", "B2001-2"],
  netRefundCents: 9270,
} as const;

const QUOTES = [SOCKS, JACKET, COFFEE_AND_MUGS, JACKET_AND_SOCKS];

/** The net amount of the quote an entry is read against. */
export function netRefundOf(entry: Pick<CorpusEntry, "items" | "netRefundCents">): number {
  if (entry.netRefundCents !== undefined) return entry.netRefundCents;
  const items = (entry.items ?? SOCKS.items).join("|");
  return QUOTES.find((quote) => quote.items.join("|") === items)?.netRefundCents ?? 0;
}
