export const DEFAULT_SIGNED_IN_PATH = "/inbox";

/**
 * Only paths on this site are accepted as a place to return to after sign-in, so the login page
 * cannot be used to bounce people to another site ("//evil.test", "/\\evil.test", "https://…").
 */
export function safeCallbackPath(value: string | null | undefined): string {
  if (!value?.startsWith("/") || value.startsWith("//") || value.startsWith("/\\")) {
    return DEFAULT_SIGNED_IN_PATH;
  }
  return value;
}

export function loginPath(callbackPath: string): string {
  return `/login?callbackUrl=${encodeURIComponent(safeCallbackPath(callbackPath))}`;
}
