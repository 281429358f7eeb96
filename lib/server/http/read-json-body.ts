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

/** Reads a JSON body; an empty body reads as `undefined` so the schema decides if it is needed. */
export async function readJsonBody(req: Request, maxBytes: number): Promise<unknown> {
  const contentType = req.headers.get("content-type") ?? "";
  const text = await readTextWithin(req, maxBytes);
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
