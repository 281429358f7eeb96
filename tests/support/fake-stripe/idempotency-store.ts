/*
 * Stripe's idempotency: the first response under a key (success or error) is stored with a
 * fingerprint of its request and replayed for the same request; a different request under the
 * same key is refused. Stripe keeps keys at least 24 hours and then prunes them, after which the
 * key is new again: the fake prunes on its simulated clock.
 */

export const IDEMPOTENCY_KEY_LIFETIME_MS = 24 * 60 * 60 * 1000;

export type StoredResponse = { status: number; body: unknown };

type Entry = { fingerprint: string; response: StoredResponse; storedAtMs: number };

export type IdempotencyLookup =
  | { kind: "new" }
  | { kind: "replay"; response: StoredResponse }
  | { kind: "mismatch" };

export class IdempotencyStore {
  private readonly entries = new Map<string, Entry>();

  lookup(key: string, fingerprint: string, nowMs: number): IdempotencyLookup {
    this.prune(nowMs);
    const entry = this.entries.get(key);
    if (!entry) return { kind: "new" };
    if (entry.fingerprint !== fingerprint) return { kind: "mismatch" };
    return { kind: "replay", response: entry.response };
  }

  store(key: string, fingerprint: string, response: StoredResponse, nowMs: number): void {
    this.entries.set(key, { fingerprint, response, storedAtMs: nowMs });
  }

  private prune(nowMs: number): void {
    for (const [key, entry] of this.entries) {
      if (nowMs - entry.storedAtMs >= IDEMPOTENCY_KEY_LIFETIME_MS) this.entries.delete(key);
    }
  }
}
