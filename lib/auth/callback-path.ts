import { hasControlCharacter } from "@/lib/domain/storable-text";

export const DEFAULT_SIGNED_IN_PATH = "/inbox";

// A stand-in origin to resolve against: only what stays on it is a path of this site.
const PROBE_ORIGIN = "http://countersign.invalid";

// Browsers drop tabs and newlines from URLs and read "\" as "/", so "/\t/evil.example" and
// "/\\evil.example" leave the site; a raw newline in a Location header is also a 500.
function hasUnsafeCharacter(value: string): boolean {
  return hasControlCharacter(value) || value.includes("\\");
}

/**
 * Only paths on this site are accepted as a place to return to after sign-in, so the login page
 * cannot bounce people to another site. The value is parsed as a browser would and must stay on
 * this origin; what comes back is the parsed, normalised path, never the raw input.
 */
export function safeCallbackPath(value: string | null | undefined): string {
  if (!value?.startsWith("/") || hasUnsafeCharacter(value)) return DEFAULT_SIGNED_IN_PATH;
  let url: URL;
  try {
    url = new URL(value, PROBE_ORIGIN);
  } catch {
    return DEFAULT_SIGNED_IN_PATH;
  }
  if (url.origin !== PROBE_ORIGIN || url.pathname.startsWith("//")) return DEFAULT_SIGNED_IN_PATH;
  return `${url.pathname}${url.search}${url.hash}`;
}

export function loginPath(callbackPath: string): string {
  return `/login?callbackUrl=${encodeURIComponent(safeCallbackPath(callbackPath))}`;
}
