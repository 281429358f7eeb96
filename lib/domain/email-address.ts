/**
 * The one form an email address is stored and compared in: trimmed and lower-cased. Customers are
 * stored this way, so a lookup is plain equality on this value, never a pattern: "_" and "%" are
 * characters of an address, not wildcards, and "m_ya@example.com" is not "maya@example.com".
 */
export function normalEmailAddress(address: string): string {
  return address.trim().toLowerCase();
}
