"use client";

import { FormAlert } from "@/components/ui/form-message";
import { formatMoneyIn } from "@/lib/domain/languages";
import { refundReasonLabel } from "@/lib/domain/quote";
import type { WidgetQuoteCard } from "@/lib/server/services/widget/widget-snapshot";
import { FreshQuoteButton } from "./fresh-quote-button";
import { QuoteLinesTable } from "./quote-lines-table";
import { QuoteNotices } from "./quote-notices";
import { QuoteStatusLine } from "./quote-status-line";
import { useQuoteAnswer } from "./use-quote-answer";
import { noticeText, type WidgetNotice } from "./widget-notice";
import { useWidgetText } from "./widget-text";

type Props = {
  card: WidgetQuoteCard;
  // The newest quote lapsed, or a new one was asked for from this card: offer to ask for one
  // for the same items, or say that it was asked for.
  freshQuoteOffered: boolean;
  onFreshQuoteAsked: () => void;
  onAnswered: () => void;
  onSessionLost: (notice: WidgetNotice | null) => void;
};

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
  const { busy, problem, answer } = useQuoteAnswer({ card, onAnswered, onSessionLost });
  const headingId = `quote-${card.id}-heading`;
  const text = useWidgetText();
  const { language, t } = text;

  return (
    <section
      aria-labelledby={headingId}
      data-action-id={card.id}
      data-status={card.status}
      className="rounded-lg border border-slate-300 bg-white p-3 text-sm shadow-sm dark:border-slate-600 dark:bg-slate-800"
    >
      <h3 id={headingId} className="font-semibold">
        {t("quote_heading", { order: card.orderNumber })}
      </h3>
      <p className="text-slate-600 dark:text-slate-300">
        {t("quote_reason", { reason: refundReasonLabel(card.reason, language) })}
      </p>
      <QuoteLinesTable card={card} />
      <p className="mt-1 text-slate-600 dark:text-slate-300">
        {t("refund_to", { target: card.refundTarget })}
      </p>
      <QuoteNotices notices={card.notices} cardId={card.id} />
      <QuoteStatusLine card={card} />
      {card.status === "awaiting_confirmation" && (
        <div className="mt-3 flex flex-wrap gap-2">
          <button
            type="button"
            disabled={busy}
            onClick={() => void answer("confirm")}
            className="min-h-11 flex-1 rounded-md bg-blue-700 px-3 font-medium text-white hover:bg-blue-800 disabled:opacity-60"
          >
            {t("confirm_refund", {
              amount: formatMoneyIn(language, card.netRefundCents, card.currency),
            })}
          </button>
          <button
            type="button"
            disabled={busy}
            onClick={() => void answer("decline")}
            className="min-h-11 rounded-md border border-slate-400 px-3 font-medium hover:bg-slate-100 disabled:opacity-60 dark:border-slate-500 dark:hover:bg-slate-700"
          >
            {t("decline")}
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
        {problem && noticeText(problem, text)}
      </FormAlert>
    </section>
  );
}
