import { newId } from "@/lib/ids";
import type { HeaderReader } from "./same-origin";

// An upstream proxy's id is kept so one request can be followed across both logs; anything that
// does not look like an id is replaced, since it ends up in logs and response headers.
const acceptableRequestId = /^[A-Za-z0-9._:-]{8,128}$/;

export function resolveRequestId(headers: HeaderReader): string {
  const incoming = headers.get("x-request-id");
  if (incoming && acceptableRequestId.test(incoming)) return incoming;
  return newId("req");
}
