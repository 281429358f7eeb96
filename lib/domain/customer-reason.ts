import { inferReturnRequest, type NamedLine } from "./parse-request";
import { isMerchantFault, type RefundReason } from "./policy-rules";

/*
 * The return reason belongs to the customer. Where their own words give one for the lines being
 * refunded, that reason is the only one a proposal may carry; where they give none, a proposed
 * reason is an assumption the customer sees on the quote, and one that would make us pay more
 * (merchant fault: full price plus shipping) also goes to a person before money moves.
 */

export type ReasonResolution =
  /** The customer's words give this reason and the proposal agrees. */
  | { kind: "stated"; reason: RefundReason; words: string }
  /** The customer's words give another reason than the one proposed. */
  | {
      kind: "contradicted";
      statedReason: RefundReason;
      proposedReason: RefundReason;
      words: string;
    }
  /** Nothing the customer wrote gives a reason for these lines; the proposal is an assumption. */
  | { kind: "unstated"; reason: RefundReason; needsStaffApproval: boolean };

export type ResolveReasonInput = {
  /** The customer's own customer-visible messages in this conversation, oldest first. */
  customerMessages: readonly string[];
  /** Every line of the customer's orders, so a mention of another order's item is recognised. */
  lines: readonly NamedLine[];
  proposedLineIds: readonly string[];
  proposedReason: RefundReason;
};

type StatedReason = { reason: RefundReason; lineIds: readonly string[]; words: string };

/**
 * Each message's reason applies to the lines it names, or, when it names none ("they're too
 * small"), to the lines the customer named last. The newest statement about a proposed line wins.
 */
function statedReasons(input: ResolveReasonInput): StatedReason[] {
  const stated: StatedReason[] = [];
  let named: readonly string[] = [];
  for (const text of input.customerMessages) {
    const parsed = inferReturnRequest(text, {
      lines: input.lines,
      previouslySelectedLineIds: named,
    });
    named = parsed.lineIds;
    if (parsed.reason) stated.push({ reason: parsed.reason, lineIds: parsed.lineIds, words: text });
  }
  return stated;
}

export function resolveReturnReason(input: ResolveReasonInput): ReasonResolution {
  const proposed = new Set(input.proposedLineIds);
  const applicable = statedReasons(input).findLast(
    (statement) =>
      statement.lineIds.length === 0 || statement.lineIds.some((lineId) => proposed.has(lineId)),
  );
  if (!applicable) {
    return {
      kind: "unstated",
      reason: input.proposedReason,
      needsStaffApproval: isMerchantFault(input.proposedReason),
    };
  }
  if (applicable.reason !== input.proposedReason) {
    return {
      kind: "contradicted",
      statedReason: applicable.reason,
      proposedReason: input.proposedReason,
      words: applicable.words,
    };
  }
  return { kind: "stated", reason: applicable.reason, words: applicable.words };
}
