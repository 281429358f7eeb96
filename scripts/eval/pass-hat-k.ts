/*
 * pass^k as τ-bench defines it: the chance that k independent tries of a case all pass, estimated
 * without bias from n ≥ k tries of which c passed as C(c, k) / C(n, k). pass^1 is the plain pass
 * rate; pass^k falls as k grows unless the agent is reliable, which is the point.
 */
export function passHatK(passed: number, tries: number, k: number): number {
  if (k < 1 || k > tries) throw new RangeError(`k must be between 1 and ${tries}`);
  return choose(passed, k) / choose(tries, k);
}

function choose(n: number, k: number): number {
  if (k > n) return 0;
  let result = 1;
  for (let i = 0; i < k; i += 1) result = (result * (n - i)) / (i + 1);
  return result;
}
