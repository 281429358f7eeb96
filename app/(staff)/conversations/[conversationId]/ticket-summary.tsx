import Link from "next/link";
import { ConversationStatusBadge } from "@/components/conversations/conversation-status-badge";
import { formatMoney } from "@/lib/domain/money";
import type { ConversationStatus } from "@/lib/generated/prisma/enums";
import type { ConversationThreadSnapshot } from "@/lib/server/services/conversations/get-conversation-thread";
import { formatUsage } from "./format-run";

const IDENTITY_LABELS: Record<ConversationThreadSnapshot["conversation"]["identity"], string> = {
  signed_token: "verified by the shop's signed token",
  order_check: "verified by email and order number",
  demo_story: "demo story started by staff",
  email_sender: "identified by the sender's email address",
  none: "identity not verified",
};

/** The ticket's title block: channel and orders, subject, status, customer, stake and usage. */
export function TicketSummary({
  conversation,
  totals,
}: Pick<ConversationThreadSnapshot, "conversation" | "totals">) {
  const [latestOrder, ...earlierOrders] = conversation.orderNumbers;
  return (
    <>
      <p className="text-sm text-slate-600">
        Ticket · {conversation.channel === "email" ? "Email" : "Chat"}
        {latestOrder ? ` · order ${latestOrder}` : " · no order yet"}
        {earlierOrders.length > 0 ? ` (earlier: ${earlierOrders.join(", ")})` : ""}
      </p>
      <h1 className="break-words text-2xl font-semibold tracking-tight">{conversation.subject}</h1>
      <div className="flex flex-wrap items-center gap-x-4 gap-y-2 text-sm text-slate-700">
        <ConversationStatusBadge status={conversation.status as ConversationStatus} />
        <span>
          <Link
            href={`/customers/${conversation.customer.id}`}
            className="font-medium text-blue-800 underline"
          >
            {conversation.customer.name}
          </Link>{" "}
          <span className="break-all">{conversation.customer.email}</span>{" "}
          <span className="text-slate-600">· {IDENTITY_LABELS[conversation.identity]}</span>
        </span>
        {conversation.amountAtStakeCents !== null ? (
          <span>
            At stake:{" "}
            <span className="font-medium text-slate-900">
              {formatMoney(conversation.amountAtStakeCents, conversation.currency)}
            </span>
          </span>
        ) : null}
        <span>
          {totals.models.join(", ") || "no model run yet"} ·{" "}
          {formatUsage({
            ...totals,
            unreported: totals.usageUnreportedSteps,
            modelOutputs: totals.modelOutputSteps,
          })}
        </span>
      </div>
    </>
  );
}
