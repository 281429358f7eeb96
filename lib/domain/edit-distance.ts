/**
 * True when `a` becomes `b` by at most one insertion, deletion, substitution or swap of two
 * neighbouring letters (optimal string alignment distance ≤ 1).
 */
export function isEditDistanceAtMostOne(a: string, b: string): boolean {
  if (a === b) return true;
  if (Math.abs(a.length - b.length) > 1) return false;
  let start = 0;
  while (start < a.length && start < b.length && a[start] === b[start]) start++;
  const restA = a.slice(start);
  const restB = b.slice(start);
  if (restA.length === restB.length) {
    const swapped =
      restA[0] === restB[1] && restA[1] === restB[0] && restA.slice(2) === restB.slice(2);
    return restA.slice(1) === restB.slice(1) || swapped;
  }
  return restA.length > restB.length ? restA.slice(1) === restB : restA === restB.slice(1);
}
