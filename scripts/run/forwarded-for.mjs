// The one place X-Forwarded-For gets its last hop: the address of the socket the request came in
// on, appended to whatever the sender wrote. lib/auth/client-ip.ts reads the header from the right
// and skips only hops in TRUSTED_PROXIES, so with no trusted proxy the client is this socket
// address, and a header the client wrote itself can neither choose nor rotate its address.
// Plain JavaScript, as next-server.mjs that calls it.

/** Appends the socket's peer address to `headers["x-forwarded-for"]`; drops the header if unknown. */
export function appendPeerToForwardedFor(headers, peerAddress) {
  if (!peerAddress) {
    delete headers["x-forwarded-for"];
    return;
  }
  const sent = headers["x-forwarded-for"];
  const earlier = (Array.isArray(sent) ? sent.join(", ") : (sent ?? "")).trim();
  headers["x-forwarded-for"] = earlier ? `${earlier}, ${peerAddress}` : peerAddress;
}
