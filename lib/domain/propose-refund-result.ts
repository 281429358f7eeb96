import type { DenyReason } from "./deny-reasons";
import type { PendingActionState } from "./pending-action";
import type { RefundReason } from "./refund-policy";

/** What asking for a refund quote came to; the server's proposeRefund returns it, the agent reads it. */
export type ProposeRefundResult =
  | { kind: "denied"; policyVersion: string; reasons: DenyReason[] }
  /** The customer's own words give another reason: the customer is asked which one applies. */
  | {
      kind: "reason_refused";
      statedReason: RefundReason;
      proposedReason: RefundReason;
      words: string;
    }
  /** A quote still waits for the customer's answer, or the lines are in a refund they confirmed. */
  | { kind: "blocked"; openActionId: string; openStatus: PendingActionState["status"] }
  | {
      kind: "proposed";
      action: PendingActionState;
      /** Selected lines the policy refused, each with its reason, for the reply. */
      refused: DenyReason[];
      /** False when the customer never gave a reason and the agent's was quoted. */
      reasonStatedByCustomer: boolean;
      /** True when a retried tool call found the action it had created before. */
      replayed: boolean;
    };
