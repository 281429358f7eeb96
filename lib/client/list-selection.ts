/*
 * The row j (down) or k (up) selects in a list, by id: the first row when none is selected or the
 * selected one has left the list, and never past either end. Null for an empty list.
 */
export function stepSelection(
  ids: readonly string[],
  selectedId: string | null,
  key: "j" | "k",
): string | null {
  if (ids.length === 0) return null;
  const current = selectedId === null ? -1 : ids.indexOf(selectedId);
  if (current === -1) return ids[0] ?? null;
  const next = Math.min(ids.length - 1, Math.max(0, current + (key === "j" ? 1 : -1)));
  return ids[next] ?? null;
}
