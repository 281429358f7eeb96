/**
 * The fixed CONNECTIONS_ENCRYPTION_KEY of the db tests (global-setup.ts sets it for the workers and
 * the CLI processes they spawn), so a test can open what the app sealed. 32 bytes, base64url.
 */
export const TEST_CONNECTIONS_KEY = Buffer.from("test-only-connections-key-000000").toString(
  "base64url",
);
