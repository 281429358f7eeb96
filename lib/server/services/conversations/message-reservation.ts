import "server-only";
import { PROCESS_ID } from "@/lib/server/process/process-id";

/*
 * The run that answers a customer message is reserved for the request that stored it until that
 * request has applied the message's intent (post-customer-message.ts). The token names the
 * message, so whoever takes the run over after the request died knows which message may still
 * be unapplied. Prefixed with the process id, so the reservation lapses at once if this process
 * is declared dead.
 */
const RESERVED = "/reserved:";

export function reservationFor(messageId: string): string {
  return `${PROCESS_ID}${RESERVED}${messageId}`;
}

/** The message a lease owner token reserved a run for, or null for any other owner. */
export function messageOfReservation(owner: string | null): string | null {
  if (!owner) return null;
  const at = owner.lastIndexOf(RESERVED);
  return at === -1 ? null : owner.slice(at + RESERVED.length) || null;
}
