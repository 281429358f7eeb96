/*
 * Internal ids and hashes in customer-visible text, however they are written: any case, with
 * separators (- _ . space and the like) added or removed, or as a fragment of 8 or more
 * characters. Ids of the records are matched by their fragments; ids of no known record are
 * caught by their shape.
 */

const FRAGMENT = 8;

const ID_SHAPES: readonly RegExp[] = [
  /\b(?:pa|rf|re|tkt|run|msg|cus|ord|act|conv|ses)_[a-z0-9]{4,}\b/giu,
  /\b[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\b/giu,
  /\b(?=[a-z0-9]*[0-9])(?=[a-z0-9]*[a-z])[a-z0-9]{20,}\b/giu,
  /\b(?=[0-9a-f]*[0-9])(?=[0-9a-f]*[a-f])[0-9a-f]{12,}\b/giu,
  /\bquote (?:hash )?#?[0-9a-f]{6,}\b/giu,
];

/** Each internal id found, as it appears in the text or as the id's fragment; empty when none. */
export function findInternalIds(text: string, internalIds: readonly string[]): string[] {
  const found = new Set<string>();
  for (const shape of ID_SHAPES) for (const match of text.matchAll(shape)) found.add(match[0]);
  const compactText = compact(text);
  for (const id of internalIds) {
    const fragment = firstFragmentIn(compact(id), compactText);
    if (fragment !== undefined) found.add(fragment);
  }
  // One id found twice (by its shape and as a fragment) is one finding.
  const compacted = [...found].map((text) => ({ text, key: compact(text) }));
  return compacted
    .filter(({ text, key }) =>
      compacted.every(
        (other) =>
          other.text === text ||
          !other.key.includes(key) ||
          (other.key === key && other.text > text),
      ),
    )
    .map(({ text }) => text);
}

function compact(text: string): string {
  return text
    .normalize("NFKC")
    .toLowerCase()
    .replace(/[\s\p{P}\p{S}\p{Cf}]+/gu, "");
}

/*
 * A fragment counts when it has a letter in it: eight random letters and digits are no word a
 * message holds by chance. A run of digits alone could be an amount, a date or an order number
 * the customer may see, so it does not count.
 */
function firstFragmentIn(id: string, text: string): string | undefined {
  if (id.length < FRAGMENT) return undefined;
  for (let start = 0; start + FRAGMENT <= id.length; start += 1) {
    const fragment = id.slice(start, start + FRAGMENT);
    if (!/[a-z]/.test(fragment)) continue;
    if (text.includes(fragment)) return fragment;
  }
  return undefined;
}
