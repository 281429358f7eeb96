import "server-only";
import { AppError } from "@/lib/errors/app-error";

/*
 * A multipart/form-data body read within a byte limit (enforced while reading, whatever
 * Content-Length says), then parsed by the platform's own form-data parser.
 */
export async function readMultipartBody(req: Request, maxBytes: number): Promise<FormData> {
  const contentType = req.headers.get("content-type") ?? "";
  if (!contentType.toLowerCase().startsWith("multipart/form-data")) {
    throw new AppError("VALIDATION_FAILED", "Send the message as multipart/form-data.");
  }
  const tooLarge = new AppError(
    "PAYLOAD_TOO_LARGE",
    `The request body must be at most ${maxBytes} bytes.`,
  );
  const declared = Number(req.headers.get("content-length"));
  if (Number.isFinite(declared) && declared > maxBytes) throw tooLarge;
  const chunks: Uint8Array[] = [];
  let received = 0;
  if (req.body) {
    const reader = req.body.getReader();
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      received += value.byteLength;
      if (received > maxBytes) {
        await reader.cancel();
        throw tooLarge;
      }
      chunks.push(value);
    }
  }
  try {
    return await new Response(Buffer.concat(chunks), {
      headers: { "content-type": contentType },
    }).formData();
  } catch {
    throw new AppError("VALIDATION_FAILED", "The form data could not be read.");
  }
}
