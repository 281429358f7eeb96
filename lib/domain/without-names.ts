/*
 * A text with names taken out: the store's names of a customer's products are in the store's
 * language and say nothing of their own, so the language detector and the claim check read the
 * customer's or the agent's words around them instead.
 */

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/gu, "\\$&");
}

/** Every whole occurrence of each name (any case, longest first) replaced by a space. */
export function withoutNames(text: string, names: readonly string[]): string {
  const wholeNames = [...new Set(names.map((name) => name.trim()))]
    .filter((name) => name !== "")
    .sort((a, b) => b.length - a.length);
  let rest = text;
  for (const name of wholeNames) {
    const pattern = new RegExp(`(?<![\\p{L}\\p{N}])${escapeRegExp(name)}(?![\\p{L}\\p{N}])`, "giu");
    rest = rest.replace(pattern, " ");
  }
  return rest;
}
