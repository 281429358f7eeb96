import path from "node:path";

/** A fixed port: Playwright needs the URL before the server exists. */
export const E2E_PORT = Number(process.env.E2E_PORT ?? 3100);

/** Keys the audit chain for every e2e app instance (they share one database). */
export const E2E_AUDIT_KEY = "e2e-only-audit-key-not-for-any-real-deployment";

/** Encrypts the payment connections' secrets for every e2e app instance (32 bytes, base64url). */
export const E2E_CONNECTIONS_KEY = Buffer.from("e2e-only-connections-key-0000000").toString(
  "base64url",
);

export const E2E_BASE_URL = `http://localhost:${E2E_PORT}`;

/**
 * Where the suite's fake Stripe listens (tests/support/fake-stripe): the app server is told the
 * URL when it starts, and the payments spec starts the fake there. Nothing else reaches Stripe.
 */
export const E2E_STRIPE_PORT = E2E_PORT + 57;

/** Where the suite's fake Shopify Admin API listens (tests/support/fake-shopify), the same way. */
export const E2E_SHOPIFY_PORT = E2E_PORT + 58;

/** Where web-server.ts leaves the database URL for global-setup.ts (the two run in different processes). */
export const E2E_DATABASE_URL_FILE = path.resolve(
  import.meta.dirname,
  "..",
  ".data",
  "e2e-database-url",
);
