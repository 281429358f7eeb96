import type { PolicyDocument } from "@/lib/domain/policy-document";
import { blamesMerchant, REFUND_REASON_LABELS } from "@/lib/domain/policy-rules";
import type { ProposeRefundResult } from "@/lib/domain/propose-refund-result";

/*
 * What the model is told when its reason is not the one the customer's words give. It is asked to
 * let the customer say which reason applies, never told to switch to a reason that pays more: a
 * reason that blames us is the customer's to state, not the model's to pick for them.
 */
export function reasonDisagreementFeedback(
  result: Extract<ProposeRefundResult, { kind: "reason_refused" }>,
  policy: PolicyDocument,
): string {
  const { statedReason, proposedReason } = result;
  const read = `The customer wrote "${result.words.slice(0, 200)}", which reads as ${statedReason} (${REFUND_REASON_LABELS[statedReason]}), not ${proposedReason} (${REFUND_REASON_LABELS[proposedReason]}). No quote was made.`;
  const ask =
    "Ask the customer which reason applies to these items, in their own words, and propose again only after they answer.";
  if (blamesMerchant(policy, statedReason)) return `${read} ${ask}`;
  return `${read} ${ask} If they confirm ${REFUND_REASON_LABELS[statedReason]}, propose with reason ${statedReason}.`;
}
