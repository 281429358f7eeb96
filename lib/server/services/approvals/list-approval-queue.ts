import "server-only";
import { approvalGateText } from "@/lib/domain/approval-gate";
import { formatMoney } from "@/lib/domain/money";
import { REFUND_REASON_LABELS } from "@/lib/domain/policy-rules";
import { quoteSchema, shortHash } from "@/lib/domain/quote";
import { describeReasonSource } from "@/lib/domain/reason-source";
import { assessRisk, type RiskSignal } from "@/lib/domain/risk-signals";
import { policyNamed } from "@/lib/server/policies/policy-versions";
import {
  findAwaitingApproval,
  summarizeRefundsByCustomer,
} from "@/lib/server/services/approvals/approval-queue-queries";
import {
  type AttachmentView,
  findConversationPhotos,
} from "@/lib/server/services/attachments/conversation-photos";
import {
  viewerWorkspaceIds,
  type WorkspaceViewer,
} from "@/lib/server/services/workspaces/staff-workspaces";
import { getSettings } from "@/lib/server/settings/get-settings";
import type { UseCaseContext } from "@/lib/server/use-case-context";

export type ApprovalQueueItem = {
  actionId: string;
  conversationId: string;
  /** What is refunded, in words: the items and the amount. */
  title: string;
  /** The rule that sent the refund here ("Needs approval: over the $25.00 auto-approve limit"). */
  gate: string;
  channel: "chat" | "email";
  customer: { name: string; email: string };
  orderNumber: string;
  reason: string;
  /** Where the reason came from, in plain words: the customer's sentence or the agent's assumption. */
  reasonSource: string;
  items: string[];
  netRefundCents: number;
  currency: string;
  refundTarget: string;
  quoteHash: string;
  quoteHashShort: string;
  /** The refund policy version the quote was made under ("refund-policy/v2"). */
  policyVersion: string;
  requestedAt: string;
  risks: RiskSignal[];
  /** The photos the customer sent in the conversation, oldest first: the evidence beside the quote. */
  photos: AttachmentView[];
};

export type ApprovalQueue = {
  items: ApprovalQueueItem[];
  /** The most an approver may approve; above it an admin decides (approval-limit.ts). */
  approverLimitCents: number;
  /** More are waiting than this page shows. */
  truncated: boolean;
};

const QUEUE_LIMIT = 100;

/** The refunds waiting for an approver, on the conversations of the viewer's workspaces. */
export async function listApprovalQueue(
  input: WorkspaceViewer,
  context: Pick<UseCaseContext, "db" | "now">,
): Promise<ApprovalQueue> {
  const { db } = context;
  const now = context.now();
  const workspaceIds = await viewerWorkspaceIds(db, input);
  const [rows, settings] = await Promise.all([
    findAwaitingApproval(db, { workspaceIds, limit: QUEUE_LIMIT + 1 }),
    getSettings(db),
  ]);
  const shown = rows.slice(0, QUEUE_LIMIT);
  const [refunds, photos] = await Promise.all([
    summarizeRefundsByCustomer(db, [...new Set(shown.map((row) => row.customerId))]),
    findConversationPhotos(db, [...new Set(shown.map((row) => row.conversationId))]),
  ]);

  // Amounts come from the stored quote the customer confirmed, never from anything recomputed,
  // and its gates from the policy version it was made under.
  const entries = await Promise.all(
    shown.map(async (row) => {
      const quote = quoteSchema.parse(row.quote);
      const { document } = await policyNamed(db, row.customer.workspaceId, quote.policyVersion);
      return { row, quote, policy: document };
    }),
  );

  const items = entries.map(({ row, quote, policy }): ApprovalQueueItem => {
    const items = quote.lines.map((line) =>
      line.quantity > 1 ? `${line.quantity} × ${line.name}` : line.name,
    );
    return {
      actionId: row.id,
      conversationId: row.conversationId,
      title: `Refund ${formatMoney(quote.netRefundCents, quote.currency)} — ${items.join(", ")}`,
      gate: approvalGateText({
        channel: row.conversation.channel,
        netRefundCents: quote.netRefundCents,
        currency: quote.currency,
        reason: quote.reason,
        policy,
        confirmedByStaff: row.confirmedByStaffId !== null,
        unstatedMerchantFault:
          !row.reasonStatedByCustomer && policy.reasons[quote.reason].merchantFault,
      }),
      channel: row.conversation.channel,
      customer: { name: row.customer.name, email: row.customer.email },
      orderNumber: quote.orderNumber,
      reason: REFUND_REASON_LABELS[quote.reason],
      reasonSource: describeReasonSource({
        statedByCustomer: row.reasonStatedByCustomer,
        words: row.reasonWords,
        requestedBy: row.requestedBy,
      }),
      items,
      netRefundCents: quote.netRefundCents,
      currency: quote.currency,
      refundTarget: quote.refundTarget,
      quoteHash: row.quoteHash,
      quoteHashShort: shortHash(row.quoteHash),
      policyVersion: quote.policyVersion,
      requestedAt: row.createdAt.toISOString(),
      photos: photos.get(row.conversationId) ?? [],
      risks: assessRisk({
        currency: quote.currency,
        priorRefunds: refunds.get(row.customerId) ?? { count: 0, totalCents: 0 },
        customerMessages: row.conversation.messages.map((message) => message.body),
        customerSince: row.customer.createdAt,
        now,
        reason: {
          code: quote.reason,
          statedByCustomer: row.reasonStatedByCustomer,
          terms: policy.reasons[quote.reason],
        },
      }),
    };
  });
  return {
    items,
    approverLimitCents: settings.approverLimitCents,
    truncated: rows.length > QUEUE_LIMIT,
  };
}
