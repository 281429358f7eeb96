/**
 * HSTS for a deployment served over https: a year, subdomains included. Over plain http (a local
 * start) it is left out; browsers ignore it there anyway, and pinning localhost would break it.
 */
export const STRICT_TRANSPORT_SECURITY = "max-age=31536000; includeSubDomains";

export function strictTransportSecurity(publicUrl: string): string | null {
  return publicUrl.startsWith("https://") ? STRICT_TRANSPORT_SECURITY : null;
}
