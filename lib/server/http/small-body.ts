/*
 * Next.js compresses every answer of `next start`, and it drops a route's Content-Length, so the
 * compression middleware's 1 KiB threshold never applies: a 300-byte JSON answer costs a gzip
 * stream (about a third of a small request's CPU, measured with bench:approve) to save a few
 * hundred bytes. `no-transform` is the header that middleware honours to leave a body alone.
 */
const WORTH_COMPRESSING_BYTES = 1024;

/** Marks `headers` so that a body of `body`'s size is sent as it is when it is too small to gain from gzip. */
export function sendSmallBodyUncompressed(headers: Headers, body: string): void {
  if (Buffer.byteLength(body) >= WORTH_COMPRESSING_BYTES) return;
  const cacheControl = headers.get("Cache-Control");
  headers.set("Cache-Control", cacheControl ? `${cacheControl}, no-transform` : "no-transform");
}

/** `Response.json`, with a small body left uncompressed. */
export function jsonResponse(value: unknown, init?: ResponseInit): Response {
  const body = JSON.stringify(value);
  const headers = new Headers(init?.headers);
  if (!headers.has("Content-Type")) headers.set("Content-Type", "application/json");
  sendSmallBodyUncompressed(headers, body);
  return new Response(body, { ...init, headers });
}
