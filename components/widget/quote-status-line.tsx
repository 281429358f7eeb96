import {
  type QuoteMoneyTone,
  quoteMoneyTone,
  quoteStatusText,
} from "@/lib/client/quote-status-text";
import type { WidgetQuoteCard } from "@/lib/server/services/widget/widget-snapshot";
import { useWidgetText } from "./widget-text";

// The status line wears the money's state: amber while the processor works, green once paid.
const toneClasses: Record<QuoteMoneyTone, string> = {
  processing:
    "rounded-md bg-amber-50 px-2 py-1 text-amber-900 dark:bg-amber-950 dark:text-amber-100",
  paid: "rounded-md bg-emerald-50 px-2 py-1 text-emerald-900 dark:bg-emerald-950 dark:text-emerald-100",
  failed: "rounded-md bg-red-50 px-2 py-1 text-red-900 dark:bg-red-950 dark:text-red-100",
  none: "",
};

/** Where the quote stands, in the customer's words; once paid or sent, where the money is. */
export function QuoteStatusLine({ card }: { card: WidgetQuoteCard }) {
  const tone = quoteMoneyTone(card);
  const { language } = useWidgetText();
  return (
    <p
      id={`quote-${card.id}-status`}
      className={`mt-2 ${toneClasses[tone]}`}
      data-testid="quote-status"
      data-money={tone}
    >
      {quoteStatusText(card, language)}
    </p>
  );
}
