import "server-only";

const encoder = new TextEncoder();

/** One Server-Sent Events frame, as the bytes written to the stream. */
export function encodeSseFrame(fields: { id?: string; event?: string; data: unknown }): Uint8Array {
  let text = "";
  if (fields.id !== undefined) text += `id: ${fields.id}\n`;
  if (fields.event !== undefined) text += `event: ${fields.event}\n`;
  text += `data: ${JSON.stringify(fields.data)}\n\n`;
  return encoder.encode(text);
}

/** A frame of SSE fields with no event (retry, comments), as bytes. */
export function encodeSseText(text: string): Uint8Array {
  return encoder.encode(text);
}
