const AUDIT_FILTER_KEYS = ["conversation", "action", "actor", "kind", "from", "to"] as const;

/*
 * The audit log's filters as a query string, for the export and the page links: only when every
 * filter was understood (otherwise the page ignored them all, and so do the links), without the
 * page cursor.
 */
export function auditFilterQuery(
  raw: Record<string, string | undefined>,
  understood: boolean,
): URLSearchParams {
  const query = new URLSearchParams();
  if (!understood) return query;
  for (const key of AUDIT_FILTER_KEYS) {
    const value = raw[key];
    if (value) query.set(key, value);
  }
  return query;
}
