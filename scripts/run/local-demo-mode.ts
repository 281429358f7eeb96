/**
 * Demo mode for a local start: only with the embedded database and outside production, and never
 * over an explicit DEMO_MODE. Demo mode lets staff speak within a customer's chat session, so it
 * must not switch itself on against a database that holds real customers.
 */
export function localDemoMode(environment: Record<string, string | undefined>): {
  DEMO_MODE?: string;
} {
  const explicit = environment.DEMO_MODE?.trim();
  if (explicit) return {};
  if (environment.DATABASE_URL?.trim() || environment.NODE_ENV === "production") return {};
  return { DEMO_MODE: "true" };
}
