"use client";

import { useRef } from "react";

/*
 * One key per request the user means to make: a retry of the same content (after a network
 * error, a 503, a double press) sends the same key, so the server stores it once and answers with
 * what the first attempt created. Changed content is a new request with a new key; the server
 * refuses a key sent again with other content.
 */
export function useIdempotencyKey(): {
  keyFor(content: unknown): string;
  /** The request was answered: the next one is new. */
  settled(): void;
} {
  const attempt = useRef<{ content: string; key: string } | null>(null);
  return {
    keyFor(content) {
      const serialised = JSON.stringify(content);
      if (attempt.current?.content !== serialised) {
        attempt.current = { content: serialised, key: crypto.randomUUID() };
      }
      return attempt.current.key;
    },
    settled() {
      attempt.current = null;
    },
  };
}
