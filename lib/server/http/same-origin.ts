/** The one thing the checks need of a request's headers; Web `Headers` is one. */
export type HeaderReader = { get(name: string): string | null };

const mutatingMethods = new Set(["POST", "PUT", "PATCH", "DELETE"]);

/**
 * CSRF guard for cookie-authenticated mutations. Browsers always send Origin on cross-origin
 * fetches and form posts, and modern ones send Sec-Fetch-Site, so either one naming another site
 * is refused. A request carrying neither comes from a non-browser client (curl, a script), which
 * cannot ride on a victim's cookies, so it is let through to the normal authentication checks.
 */
export function isCrossOriginMutation(
  method: string,
  headers: HeaderReader,
  appOrigin: string,
): boolean {
  if (!mutatingMethods.has(method.toUpperCase())) return false;

  const origin = headers.get("origin");
  if (origin !== null) return origin !== appOrigin;

  const fetchSite = headers.get("sec-fetch-site");
  if (fetchSite !== null) return fetchSite !== "same-origin" && fetchSite !== "none";

  return false;
}
