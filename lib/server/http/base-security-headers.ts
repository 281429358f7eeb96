// Headers every response gets, pages and API alike: next.config.ts gives them to what Next serves,
// node-route.ts to what next-server.mjs answers itself. No "server-only" import: next.config.ts
// loads this file outside the bundler. The Content-Security-Policy is set per request in
// proxy.ts instead, because it carries a fresh nonce.
export const baseSecurityHeaders: Record<string, string> = {
  "X-Content-Type-Options": "nosniff",
  "Referrer-Policy": "strict-origin-when-cross-origin",
  "Permissions-Policy": "camera=(), microphone=(), geolocation=(), payment=()",
};
