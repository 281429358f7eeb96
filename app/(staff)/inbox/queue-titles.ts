import type { WorkQueue } from "@/lib/server/services/queues/list-work-queue";

export const QUEUE_TITLES: Record<WorkQueue, string> = {
  needs_person: "Needs a person",
  needs_approval: "Needs approval",
  disputes: "Disputes",
  failed_refunds: "Failed refunds",
  needs_reconciliation: "Needs reconciliation",
};

export const QUEUE_HELP: Record<WorkQueue, string> = {
  needs_person:
    "Conversations the agent handed to a person, with why. Taking one over clears it from this list.",
  needs_approval: "Refunds waiting for an approver's decision. Decide them on the Approvals page.",
  disputes:
    "Billing disputes opened by the agent, with the amount from the ledger. The billing team acknowledges and resolves them; the agent never promises a credit.",
  failed_refunds:
    "Refunds refused by the last check before money moved, and refunds the payment provider failed or canceled after accepting them (also after paying them). Each says why, in the provider's words when it was the provider, and what to do next; solving the ticket takes it off this list.",
  needs_reconciliation:
    "Refunds whose payment outcome is unknown. Look each up at the provider by its idempotency key, then settle it.",
};
