import { formatBasisPoints, formatMoney } from "@/lib/domain/money";

/** A quote line's fee as the quote tables show it: "none", or the amount off and its rate. */
export function formatLineFee(
  line: { feeCents: number; feeRateBasisPoints: number },
  currency: string,
): string {
  if (line.feeCents === 0) return "none";
  return `−${formatMoney(line.feeCents, currency)} (${formatBasisPoints(line.feeRateBasisPoints)})`;
}
