import type { NamedLine } from "./line-mentions";
import type { PolicyDocument } from "./policy-document";
import { blamesMerchant, type RefundReason } from "./policy-rules";
import { type ReasonStatement, readReasonStatements } from "./reason-statements";

/*
 * The return reason belongs to the customer. Where their own words give one for every line being
 * refunded, that reason is the only one a proposal may carry; where the words give another, the
 * customer is asked which applies; where they give none, the proposed reason is an assumption the
 * customer sees on the quote, and one that blames the merchant (full price, maybe shipping) also
 * goes to a person before money moves. The words are read by reason-statements.ts, which states
 * no merchant fault unless it is certain.
 */

export type ReasonResolution =
  /** The customer's words give this reason for every proposed line, and the proposal agrees. */
  | { kind: "stated"; reason: RefundReason; words: string }
  /** The customer's words give another reason than the one proposed for one of the lines. */
  | {
      kind: "contradicted";
      statedReason: RefundReason;
      proposedReason: RefundReason;
      words: string;
    }
  /** The customer's words do not give this reason for every line; the proposal is an assumption. */
  | { kind: "unstated"; reason: RefundReason; needsStaffApproval: boolean };

export type ResolveReasonInput = {
  /** The customer's own customer-visible messages in this conversation, oldest first. */
  customerMessages: readonly string[];
  /** Every line of the customer's orders, so a mention of another order's item is recognised. */
  lines: readonly NamedLine[];
  proposedLineIds: readonly string[];
  proposedReason: RefundReason;
  /** The policy the quote would be made under: it says which reasons blame the merchant. */
  policy: PolicyDocument;
};

/**
 * Each line's reason as the conversation stands: the newest statement about it, unless a later
 * message put its state in doubt ("I dropped it"), which takes back a merchant-fault reason.
 */
function currentStatements(input: ResolveReasonInput): Map<string, ReasonStatement> {
  const current = new Map<string, ReasonStatement>();
  let previousLineIds: readonly string[] = [];
  for (const text of input.customerMessages) {
    const reading = readReasonStatements(text, {
      lines: input.lines,
      previousLineIds,
      requestedLineIds: previousLineIds,
    });
    for (const lineId of reading.doubtedLineIds) {
      const earlier = current.get(lineId);
      if (earlier && blamesMerchant(input.policy, earlier.reason)) current.delete(lineId);
    }
    for (const statement of reading.statements) current.set(statement.lineId, statement);
    previousLineIds = reading.antecedentLineIds;
  }
  return current;
}

export function resolveReturnReason(input: ResolveReasonInput): ReasonResolution {
  const current = currentStatements(input);
  const statements = input.proposedLineIds.map((lineId) => current.get(lineId));
  const disagreeing = statements.find(
    (statement) => statement !== undefined && statement.reason !== input.proposedReason,
  );
  if (disagreeing) {
    return {
      kind: "contradicted",
      statedReason: disagreeing.reason,
      proposedReason: input.proposedReason,
      words: disagreeing.words,
    };
  }
  const stated = statements.filter((statement) => statement !== undefined);
  if (stated.length === 0 || stated.length < statements.length) {
    return {
      kind: "unstated",
      reason: input.proposedReason,
      needsStaffApproval: blamesMerchant(input.policy, input.proposedReason),
    };
  }
  return {
    kind: "stated",
    reason: input.proposedReason,
    words: [...new Set(stated.map((statement) => statement.words))].join(" "),
  };
}
