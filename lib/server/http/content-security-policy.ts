export type CspOptions = {
  nonce: string;
  development: boolean;
  https: boolean;
  /** Who may frame the page; nobody unless given (only the chat widget is framed). */
  frameAncestors?: readonly string[];
};

/**
 * The Content-Security-Policy for pages. Scripts run only from this origin and only when they
 * carry the per-request nonce (Next.js adds it to its own scripts), so injected inline script
 * does nothing. 'strict-dynamic' lets those trusted scripts load the app's code chunks.
 */
export function contentSecurityPolicy({
  nonce,
  development,
  https,
  frameAncestors = [],
}: CspOptions): string {
  const directives = [
    "default-src 'self'",
    // React's dev build uses eval to rebuild server error stacks; production never does.
    `script-src 'self' 'nonce-${nonce}' 'strict-dynamic'${development ? " 'unsafe-eval'" : ""}`,
    // The dev overlay injects un-nonced styles; a nonce would make browsers ignore 'unsafe-inline'.
    development ? "style-src 'self' 'unsafe-inline'" : `style-src 'self' 'nonce-${nonce}'`,
    "img-src 'self' blob: data:",
    "font-src 'self'",
    "connect-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    `frame-ancestors ${frameAncestors.length > 0 ? frameAncestors.join(" ") : "'none'"}`,
    ...(https ? ["upgrade-insecure-requests"] : []),
  ];
  return directives.join("; ");
}

export function createNonce(): string {
  return Buffer.from(crypto.getRandomValues(new Uint8Array(16))).toString("base64");
}
