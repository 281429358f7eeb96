import { z } from "zod";

/*
 * What a dry run of a draft policy reports: every stored request and scenario story whose
 * outcome the draft would change, and a summary a publish is audited with. The replay itself
 * is pure (the engine under two documents); the server gathers the requests.
 */

export const dryRunSummarySchema = z.object({
  /** Stored refund requests replayed, and scenario stories. */
  requests: z.number().int(),
  stories: z.number().int(),
  /** Quote ↔ deny, either way. */
  decisionsFlipped: z.number().int(),
  /** Still quoted, for a different net amount. */
  amountsMoved: z.number().int(),
  /** Requests that would need an approver under the draft and did not under the live version (negative: fewer). */
  moreNeedingApprover: z.number().int(),
  /** New minus old total of the replayed requests' refunds, per currency, in minor units. */
  moneyDifference: z.array(z.object({ currency: z.string(), cents: z.number().int() })),
});
export type DryRunSummary = z.infer<typeof dryRunSummarySchema>;

export type DryRunOutcome =
  | { decision: "quote"; netRefundCents: number; needsApprover: boolean }
  | { decision: "deny"; reasons: string[] };

export type DryRunChange = {
  source: "request" | "story";
  /** A stored request's pending action id, or a story's key. */
  ref: string;
  /** The conversation a stored request came from (the row links to it); null for a story. */
  conversationId: string | null;
  /** "Order A1043 · Coffee maker · arrived damaged". */
  label: string;
  currency: string;
  before: DryRunOutcome;
  after: DryRunOutcome;
};

/** A finished dry run as the editor shows it and publishing checks it. */
export type DryRunReport = {
  id: string;
  draftId: string;
  /** hashPolicyDocument of the draft it proved; an edit since needs a new run. */
  documentHash: string;
  /** The live version it was compared with. */
  comparedWith: string;
  lookbackDays: number;
  ranAt: string;
  summary: DryRunSummary;
  changes: DryRunChange[];
};
