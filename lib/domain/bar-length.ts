/** How many steps a full bar has: twentieths, so each step is 5% of the width. */
export const BAR_STEPS = 20;

/*
 * A figure's bar length in twentieths of the largest figure's. Zero stays empty, anything above
 * zero shows at least one step, so a small figure never looks like none, and only the largest
 * fills the row.
 */
export function barSteps(size: number, largest: number): number {
  if (size <= 0 || largest <= 0) return 0;
  const steps = Math.round((Math.min(size, largest) / largest) * BAR_STEPS);
  return Math.max(1, steps);
}
