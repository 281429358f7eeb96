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
  expected: MessageIntent;
};

export const SOCKS = { items: ["Wool socks"], lineIds: ["B2001-2"] } as const;
export const JACKET = { items: ["Rain jacket"], lineIds: ["B2001-1"] } as const;
/** Story 1's two-line quote: the coffee maker and two mugs. */
export const COFFEE_AND_MUGS = {
  items: ["Glass pour-over coffee maker", "Stoneware mug"],
  lineIds: ["A1043-1", "A1043-2"],
} as const;
/** Both lines of order B2001 on one quote. */
export const JACKET_AND_SOCKS = {
  items: ["Rain jacket", "Wool socks"],
  lineIds: ["B2001-1", "B2001-2"],
} as const;
