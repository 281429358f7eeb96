"use client";

import { useRef, useState } from "react";
import { FormAlert } from "@/components/ui/form-message";
import { describeProblem } from "@/lib/client/send-json";
import { formatBasisPoints, formatMoney } from "@/lib/domain/money";
import { REFUND_REASON_LABELS } from "@/lib/domain/policy-rules";
import { FRESH_QUOTE_INVITATION } from "@/lib/domain/quote-presentation";
import type { WidgetQuoteCard } from "@/lib/server/services/widget/widget-snapshot";
import { FreshQuoteButton } from "./fresh-quote-button";
import { QuoteNotices } from "./quote-notices";
import { answerQuote, isSessionLost } from "./widget-api";

type Props = {
  card: WidgetQuoteCard;
  // The newest quote lapsed, or a new one was asked for from this card: offer to ask for one
  // for the same items, or say that it was asked for.
  freshQuoteOffered: boolean;
  onFreshQuoteAsked: () => void;
  onAnswered: () => void;
  onSessionLost: (detail: string) => void;
};

const timeFormat = new Intl.DateTimeFormat(undefined, { hour: "numeric", minute: "2-digit" });

function statusText(card: WidgetQuoteCard, money: (cents: number) => string): string {
  switch (card.status) {
    case "proposed":
    case "awaiting_confirmation":
      return `Held for you until ${timeFormat.format(new Date(card.expiresAt))}. Nothing is refunded until you confirm.`;
    case "suspended":
      return "Paused while we answer your question. Say “go ahead” when you want to continue.";
    case "awaiting_approval":
      return "You confirmed. A team member approves refunds of this size; we'll tell you here.";
    case "approved":
    case "executing":
      return "Approved. The refund is being issued.";
    case "executed":
      return `Refunded ${money(card.refund?.amountCents ?? card.netRefundCents)} to ${card.refund?.target ?? card.refundTarget}.`;
    case "declined":
      return "You declined this quote. Nothing was refunded.";
    case "rejected":
      return "Our team did not approve this refund. The reply below explains why.";
    case "expired":
      if (card.outdatedBecause !== null) {
        return `This quote is no longer valid: ${card.outdatedBecause} ${FRESH_QUOTE_INVITATION}`;
      }
      return "This quote expired without an answer, so it can no longer be confirmed. Ask for a fresh quote for the same items.";
    case "superseded":
      return "Replaced by your newer request. This quote can no longer be confirmed.";
    case "failed":
      return "The refund could not be completed. Our team has been told.";
    case "needs_reconciliation":
      return "Our team is checking this refund with the payment provider.";
  }
}

/*
 * A refund quote drawn from the stored action by code: every amount is the policy engine's own
 * number. The buttons send the action id with the hash of exactly this quote.
 */
export function QuoteCard({
  card,
  freshQuoteOffered,
  onFreshQuoteAsked,
  onAnswered,
  onSessionLost,
}: Props) {
  const money = (cents: number) => formatMoney(cents, card.currency);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  // A second click lands before React re-renders the disabled button; this guard does not.
  const inFlight = useRef(false);
  const answerable = card.status === "awaiting_confirmation";
  const headingId = `quote-${card.id}-heading`;

  async function answer(choice: "confirm" | "decline") {
    if (inFlight.current) return;
    inFlight.current = true;
    setBusy(true);
    setProblem(null);
    const result = await answerQuote(card.id, choice, card.quoteHash);
    inFlight.current = false;
    setBusy(false);
    if (isSessionLost(result)) {
      onSessionLost(result.ok ? "" : describeProblem(result.problem));
      return;
    }
    if (!result.ok) setProblem(describeProblem(result.problem));
    onAnswered();
  }

  return (
    <section
      aria-labelledby={headingId}
      data-action-id={card.id}
      data-status={card.status}
      className="rounded-lg border border-slate-300 bg-white p-3 text-sm shadow-sm dark:border-slate-600 dark:bg-slate-800"
    >
      <h3 id={headingId} className="font-semibold">
        Refund quote · order {card.orderNumber}
      </h3>
      <p className="text-slate-600 dark:text-slate-300">
        Reason: {REFUND_REASON_LABELS[card.reason]}
      </p>
      <div className="mt-2 overflow-x-auto">
        <table className="w-full border-collapse text-left">
          <caption className="sr-only">Refund amounts for order {card.orderNumber}</caption>
          <thead>
            <tr className="border-b border-slate-300 dark:border-slate-600">
              <th scope="col" className="py-1 pr-2 font-medium">
                Item
              </th>
              <th scope="col" className="py-1 pr-2 text-right font-medium">
                Price
              </th>
              <th scope="col" className="py-1 text-right font-medium">
                Fee
              </th>
            </tr>
          </thead>
          <tbody>
            {card.lines.map((line) => (
              <tr key={line.lineId} className="border-b border-slate-200 dark:border-slate-700">
                <td className="py-1 pr-2">
                  {line.quantity > 1 ? `${line.quantity} × ` : ""}
                  {line.name}
                </td>
                <td className="py-1 pr-2 text-right tabular-nums">{money(line.subtotalCents)}</td>
                <td className="py-1 text-right tabular-nums">
                  {line.feeCents === 0
                    ? "none"
                    : `−${money(line.feeCents)} (${formatBasisPoints(line.feeRateBasisPoints)})`}
                </td>
              </tr>
            ))}
            {card.shippingRefundCents > 0 && (
              <tr className="border-b border-slate-200 dark:border-slate-700">
                <td className="py-1 pr-2">Shipping</td>
                <td className="py-1 pr-2 text-right tabular-nums">
                  {money(card.shippingRefundCents)}
                </td>
                <td className="py-1 text-right">none</td>
              </tr>
            )}
          </tbody>
          <tfoot>
            <tr>
              <th scope="row" colSpan={2} className="pt-2 pr-2 text-left font-semibold">
                Refund
              </th>
              <td className="pt-2 text-right font-semibold tabular-nums" data-testid="quote-net">
                {money(card.netRefundCents)}
              </td>
            </tr>
          </tfoot>
        </table>
      </div>
      <p className="mt-1 text-slate-600 dark:text-slate-300">To {card.refundTarget}</p>
      <QuoteNotices notices={card.notices} cardId={card.id} />
      <p id={`quote-${card.id}-status`} className="mt-2" data-testid="quote-status">
        {statusText(card, money)}
      </p>
      {answerable && (
        <div className="mt-3 flex flex-wrap gap-2">
          <button
            type="button"
            disabled={busy}
            onClick={() => void answer("confirm")}
            className="min-h-11 flex-1 rounded-md bg-blue-700 px-3 font-medium text-white hover:bg-blue-800 disabled:opacity-60"
          >
            Confirm refund of {money(card.netRefundCents)}
          </button>
          <button
            type="button"
            disabled={busy}
            onClick={() => void answer("decline")}
            className="min-h-11 rounded-md border border-slate-400 px-3 font-medium hover:bg-slate-100 disabled:opacity-60 dark:border-slate-500 dark:hover:bg-slate-700"
          >
            Decline
          </button>
        </div>
      )}
      {freshQuoteOffered && (
        <FreshQuoteButton
          card={card}
          onSent={() => {
            onFreshQuoteAsked();
            onAnswered();
          }}
          onSessionLost={onSessionLost}
        />
      )}
      <FormAlert surface="widget" className="mt-2">
        {problem}
      </FormAlert>
    </section>
  );
}
