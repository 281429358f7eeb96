type HeaderSource = Record<string, string | string[] | undefined>;

function first(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value;
}

/**
 * The caller's IP as the nearest reverse proxy reported it. Without a proxy in front a client can
 * set X-Forwarded-For itself, so this only ever feeds the looser per-IP throttle; the per-account
 * limit does not depend on it.
 */
export function clientIpFromHeaders(headers: HeaderSource): string | null {
  const forwarded = first(headers["x-forwarded-for"])?.split(",")[0]?.trim();
  const realIp = first(headers["x-real-ip"])?.trim();
  return forwarded || realIp || null;
}
