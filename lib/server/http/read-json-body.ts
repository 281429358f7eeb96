import type { IncomingMessage } from "node:http";
import { AppError } from "@/lib/errors/app-error";

export const DEFAULT_MAX_BODY_BYTES = 64 * 1024;

function tooLarge(maxBytes: number): AppError {
  return new AppError("PAYLOAD_TOO_LARGE", `The request body must be at most ${maxBytes} bytes.`);
}

// Content-Length can be absent (chunked) or wrong, so the limit is enforced while reading too.
async function readTextWithin(req: Request, maxBytes: number): Promise<string> {
  const declared = Number(req.headers.get("content-length"));
  if (Number.isFinite(declared) && declared > maxBytes) throw tooLarge(maxBytes);
  if (!req.body) return "";

  const reader = req.body.getReader();
  const chunks: Uint8Array[] = [];
  let received = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    received += value.byteLength;
    if (received > maxBytes) {
      await reader.cancel();
      throw tooLarge(maxBytes);
    }
    chunks.push(value);
  }
  return new TextDecoder().decode(Buffer.concat(chunks));
}

// The same limit for a Node request. It is drained rather than destroyed once over the limit, so
// the socket stays open for the 413 answer.
function readNodeTextWithin(req: IncomingMessage, maxBytes: number): Promise<string> {
  const declared = Number(req.headers["content-length"]);
  if (Number.isFinite(declared) && declared > maxBytes) {
    req.resume();
    return Promise.reject(tooLarge(maxBytes));
  }
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let received = 0;
    const onData = (chunk: Buffer) => {
      received += chunk.byteLength;
      if (received <= maxBytes) {
        chunks.push(chunk);
        return;
      }
      req.off("data", onData);
      req.resume();
      reject(tooLarge(maxBytes));
    };
    req.on("data", onData);
    req.once("end", () => resolve(new TextDecoder().decode(Buffer.concat(chunks))));
    req.once("error", reject);
  });
}

/** Reads a JSON body; an empty body reads as `undefined` so the schema decides if it is needed. */
export async function readJsonBody(req: Request, maxBytes: number): Promise<unknown> {
  return parseJsonBody(await readTextWithin(req, maxBytes), req.headers.get("content-type") ?? "");
}

/** As readJsonBody, for a request arriving through Node's own server. */
export async function readNodeJsonBody(req: IncomingMessage, maxBytes: number): Promise<unknown> {
  return parseJsonBody(await readNodeTextWithin(req, maxBytes), req.headers["content-type"] ?? "");
}

function parseJsonBody(text: string, contentType: string): unknown {
  if (text.trim() === "") return undefined;
  if (!/^application\/([\w.+-]+\+)?json\b/i.test(contentType)) {
    throw new AppError("UNSUPPORTED_MEDIA_TYPE", "Send the body as application/json.");
  }
  try {
    return JSON.parse(text);
  } catch {
    throw new AppError("INVALID_JSON", "The request body is not valid JSON.");
  }
}
