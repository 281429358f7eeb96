/**
 * The refund policy's public face: what the tools, the agent and the server import. A policy is
 * a versioned document (policy-document.ts; v1 in policy-v1.ts), its rules in policy-rules.ts, the engine in evaluate-refund.ts, the model-facing facts in
 * policy-facts.ts.
 */
export type { DenyCode, DenyReason } from "./deny-reasons";
export {
  type EvaluateRefundInput,
  evaluateRefund,
  type RefundDecision,
} from "./evaluate-refund";
export { type Gates, gatesSchema, requiredGates } from "./gates";
export {
  type Channel,
  channelSchema,
  type OrderFacts,
  type OrderLineFacts,
  orderFactsSchema,
  orderLineFactsSchema,
} from "./order-facts";
export {
  type PolicyDocument,
  policyDocumentSchema,
  type RefundPolicy,
} from "./policy-document";
export { type PolicyFacts, type PolicyFactsLine, policyFacts } from "./policy-facts";
export {
  POLICY_SECTION_IDS,
  type PolicySectionId,
  REFUND_REASON_LABELS,
  REFUND_REASONS,
  type RefundReason,
  refundReasonSchema,
} from "./policy-rules";
export { POLICY_V1 } from "./policy-v1";
