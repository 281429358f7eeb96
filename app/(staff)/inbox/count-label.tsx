import { type CappedCount, describeCappedCount } from "@/lib/domain/capped-count";

const numberFormat = new Intl.NumberFormat("en-US");

/** A status tab's count: "(52)", or "(1,000+)" read aloud as "more than 1,000". */
export function CountLabel({ value }: { value: CappedCount }) {
  const { text, spoken } = describeCappedCount(value, numberFormat.format);
  return (
    <span className="tabular-nums">
      <span aria-hidden="true">({text})</span>
      <span className="sr-only">({spoken})</span>
    </span>
  );
}
