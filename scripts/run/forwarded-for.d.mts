// Types for forwarded-for.mjs, which stays plain JavaScript so next-server.mjs runs without a loader.
export function appendPeerToForwardedFor(
  headers: Record<string, string | string[] | undefined>,
  peerAddress: string | undefined,
): void;
