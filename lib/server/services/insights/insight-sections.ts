import type { Figure, Insights } from "@/lib/domain/insights";

/** The dashboard's sections in page order; the CSV export uses the same names. */
export const INSIGHT_SECTIONS: readonly {
  id: string;
  title: string;
  description: string;
  figures: (insights: Insights) => Figure[];
  money?: boolean;
}[] = [
  {
    id: "conversations",
    title: "Conversations by channel and outcome",
    description: "Conversations that started in the period, by channel and where they stand now.",
    figures: (insights) => insights.conversationsByChannelOutcome,
  },
  {
    id: "resolution",
    title: "Resolved by the agent alone or with a person",
    description:
      "Resolved or solved conversations from the period. Handed to a person: a staff member replied to the customer or took the conversation over.",
    figures: (insights) => insights.resolution,
  },
  {
    id: "refunds",
    title: "Refunds by reason",
    description: "Refunds paid in the period, by the reason on the confirmed quote.",
    figures: (insights) => insights.refundsByReason,
    money: true,
  },
  {
    id: "refund_outcomes",
    title: "Refunds by provider state",
    description:
      "Refunds the payment provider accepted in the period, by where the money is now: paid, still processing, failed (also after being paid) or canceled.",
    figures: (insights) => insights.refundsByOutcome,
    money: true,
  },
  {
    id: "refund_failures",
    title: "Refund failures by the provider's reason",
    description:
      "Refunds from the period the payment provider failed or canceled, by the reason it gave.",
    figures: (insights) => insights.refundFailureReasons,
    money: true,
  },
  {
    id: "decisions",
    title: "Approvals and rejections",
    description: "Decisions staff approvers made in the period.",
    figures: (insights) => insights.decisions,
  },
  {
    id: "denials",
    title: "Denials by policy section",
    description:
      "Lines the policy engine refused in the period, by the section it cited (one per line and conversation).",
    figures: (insights) => insights.denialsBySection,
  },
  {
    id: "disputes",
    title: "Disputes by category and impact",
    description: "Billing disputes opened in the period, with the amount in question.",
    figures: (insights) => insights.disputes,
    money: true,
  },
  {
    id: "unsafe",
    title: "Unsafe outcomes caught",
    description:
      "What deterministic code stopped in the period: tool calls it refused, customer messages it did not send, dispute amounts it corrected from the ledger, confirmations and approvals it refused.",
    figures: (insights) => insights.unsafeCaught,
  },
];
