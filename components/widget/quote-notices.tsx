import type { QuoteNotices as Notices } from "@/lib/domain/quote-presentation";
import { useWidgetText } from "./widget-text";

/*
 * What the quote's table does not say, in the words of the code-built quote message: each fee
 * with its rate and policy section, each requested line that was left out with its reason, and
 * a reason the customer never gave. Staff see the same sentences as "what the customer saw".
 */
export function QuoteNotices({ notices, cardId }: { notices: Notices; cardId: string }) {
  const refusedHeadingId = `quote-${cardId}-refused`;
  const { t } = useWidgetText();
  return (
    <>
      {notices.feeLines.length > 0 && (
        <ul aria-label={t("return_fees_label")} className="mt-2 space-y-1 break-words">
          {notices.feeLines.map((line) => (
            <li key={line}>{line}</li>
          ))}
        </ul>
      )}
      {notices.refusedLines.length > 0 && (
        <div className="mt-2">
          <p id={refusedHeadingId} className="font-medium">
            {t("refused_lines_heading")}
          </p>
          <ul
            aria-labelledby={refusedHeadingId}
            className="list-disc space-y-1 break-words pl-5"
            data-testid="quote-refused-lines"
          >
            {notices.refusedLines.map((line) => (
              <li key={line}>{line}</li>
            ))}
          </ul>
        </div>
      )}
      {notices.assumedReason !== null && (
        <p className="mt-2 break-words">
          {t("assumed_reason_lead")} <strong>{notices.assumedReason}</strong>
          {t("assumed_reason_end")} {t("assumed_reason_tail")}
        </p>
      )}
    </>
  );
}
