import { sha256 } from "@noble/hashes/sha2.js";
import { bytesToHex, utf8ToBytes } from "@noble/hashes/utils.js";
import canonicalize from "canonicalize";

/** RFC 8785 canonical JSON: the same data always serialises to the same bytes. */
export function canonicalJson(value: Record<string, unknown>): string {
  // canonicalize returns undefined only for `undefined` itself, which the parameter type excludes.
  return canonicalize(value) as string;
}

export function sha256Hex(text: string): string {
  return bytesToHex(sha256(utf8ToBytes(text)));
}
