/** Model cost is stored in micro-USD (an integer); shown with enough places to be non-zero. */
export function formatMicroUsd(costMicroUsd: number): string {
  if (costMicroUsd === 0) return "$0.00";
  const usd = costMicroUsd / 1_000_000;
  return usd >= 0.01 ? `$${usd.toFixed(2)}` : `$${usd.toFixed(6).replace(/0+$/, "")}`;
}

/** A stable, zone-free clock time (UTC) so server and browser render the same text. */
export function clockTime(iso: string): string {
  return `${iso.slice(11, 19)} UTC`;
}

/** "host:pid:random" → "host:pid", enough to tell two server processes apart on screen. */
export function shortProcessId(processId: string): string {
  return processId.split(":").slice(0, 2).join(":");
}
