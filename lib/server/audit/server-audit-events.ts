import type { Cents } from "@/lib/domain/money";

/*
 * Audit kinds that only the server can produce (money that moved, mail that was queued), added
 * to the domain's typed union by declaration merging.
 */
declare module "@/lib/domain/audit-events" {
  interface AuditEventDefinitions {
    "refund.executed": {
      subjectType: "refund";
      payload: {
        pendingActionId: string;
        providerRefundId: string;
        idempotencyKey: string;
        orderId: string;
        customerId: string;
        lineIds: string[];
        amountCents: Cents;
        shippingCents: Cents;
        currency: string;
        target: string;
        quoteHash: string;
      };
    };
    /** The provider answered a repeated idempotency key with the refund it had already made. */
    "payment.reused": {
      subjectType: "pending_action";
      payload: { idempotencyKey: string; providerRefundId: string; provider: string };
    };
    /** A sweep failed on this row too often and now passes it by; a person must look at it. */
    "sweep.dead_lettered": {
      subjectType: "pending_action";
      payload: { sweep: string; attempts: number; error: string };
    };
    "email.queued": {
      subjectType: "outbox_email";
      payload: { idempotencyKey: string; to: string; subject: string; pendingActionId: string };
    };
  }
}
