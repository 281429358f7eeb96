/*
 * Keeps what the customer wrote in a reply and drops what their mail client quoted from earlier
 * messages (and their signature): the earlier messages are already in the conversation, and the
 * agent must not read our own words back as the customer's.
 */

const QUOTE_HEADERS: RegExp[] = [
  // Gmail, Apple Mail, Thunderbird: "On Tue, 1 Dec 2026 at 10:00, Support <…> wrote:"
  /^on\b.{0,300}\bwrote:\s*$/i,
  /^-{2,}\s*original message\s*-{2,}\s*$/i,
  /^-{2,}\s*forwarded message\s*-{2,}\s*$/i,
  // Outlook's separator line before its own header block.
  /^_{10,}\s*$/,
  /^from:\s.+$/i,
];

const SIGNATURE = /^-- ?$/;

export function trimQuotedReply(text: string): string {
  const lines = text.replace(/\r\n?/g, "\n").split("\n");
  const kept: string[] = [];
  for (let index = 0; index < lines.length; index += 1) {
    const line = lines[index] ?? "";
    const trimmed = line.trim();
    if (SIGNATURE.test(line)) break;
    // "On … wrote:" is often wrapped over two lines by the client.
    const joined = `${trimmed} ${(lines[index + 1] ?? "").trim()}`;
    if (QUOTE_HEADERS.some((header) => header.test(trimmed) || header.test(joined))) {
      if (/^from:/i.test(trimmed) && !looksLikeHeaderBlock(lines, index)) {
        kept.push(line);
        continue;
      }
      break;
    }
    if (trimmed.startsWith(">")) continue;
    kept.push(line);
  }
  const result = kept.join("\n").trim();
  return result === "" ? text.trim() : result;
}

// A "From:" line only starts a quote when the usual header lines follow it.
function looksLikeHeaderBlock(lines: string[], start: number): boolean {
  return lines
    .slice(start + 1, start + 4)
    .some((line) => /^(sent|date|to|subject):\s/i.test(line.trim()));
}
