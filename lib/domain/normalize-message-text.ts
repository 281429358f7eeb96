/*
 * Reduces customer-bound text (agent and staff replies, emails) and team notes to plain text
 * with safe markdown, once, before it is stored. Staff read it rendered as markdown (raw HTML
 * dropped), customers read it in chat or as a plain-text email: so nothing may survive that one
 * of those hides and the other shows. HTML tags and comments become their visible text (a
 * `<div>` asking for a card number is kept as words, never silently dropped), entities are
 * decoded (and whatever tags that reveals are reduced too), link reference definitions are made
 * literal, and control, zero-width and bidirectional-override characters are removed.
 */

const BLOCK_TAGS =
  "address|article|aside|blockquote|dd|details|div|dl|dt|fieldset|figcaption|figure|footer|form|h[1-6]|header|hr|li|main|nav|ol|p|pre|section|summary|table|tbody|td|tfoot|th|thead|tr|ul";

const ENTITIES: Readonly<Record<string, string>> = {
  amp: "&",
  lt: "<",
  gt: ">",
  quot: '"',
  apos: "'",
  nbsp: " ",
  ndash: "–",
  mdash: "—",
  hellip: "…",
  euro: "€",
  pound: "£",
  copy: "©",
};

// C0 and C1 controls except tab and newline; zero-width characters and the byte-order mark;
// bidirectional embeddings, overrides and isolates, which make text display other than it reads.
const INVISIBLE =
  // biome-ignore lint/suspicious/noControlCharactersInRegex: removing them is the point.
  /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u200b-\u200f\u2028\u2029\u202a-\u202e\u2060-\u2064\u2066-\u2069\ufeff]/gu;

const TAG = /<\/?[a-z][a-z0-9-]*(?:\s[^<>]*)?\/?>/giu;
// Each pass that changes the text shortens it (an entity decoded reveals at most one more layer),
// so the loop ends; the cap only bounds the work on text built to nest entities deeply.
const MAX_PASSES = 12;

export function normalizeMessageText(text: string): string {
  let current = text.replace(/\r\n?/g, "\n").replace(INVISIBLE, "");
  for (let pass = 0; pass < MAX_PASSES; pass += 1) {
    const next = decodeEntities(stripHtml(current)).replace(INVISIBLE, "");
    if (next === current) break;
    current = next;
  }
  return literalLinkDefinitions(stripHtml(current))
    .replace(/[ \t]+\n/g, "\n")
    .replace(/\n{3,}/g, "\n\n")
    .trim();
}

function stripHtml(text: string): string {
  return text
    .replace(/<!--([\s\S]*?)(?:-->|$)/g, (_comment, inner: string) => ` ${inner.trim()} `)
    .replace(/ {2,}/g, " ")
    .replace(/<!\[CDATA\[([\s\S]*?)\]\]>/g, "$1")
    .replace(/<!doctype[^>]*>/giu, "")
    .replace(/<br\s*\/?>/giu, "\n")
    .replace(/<li\b[^>]*>/giu, "\n- ")
    .replace(
      /<a\b[^>]*?\bhref\s*=\s*(["'])(.*?)\1[^>]*>([\s\S]*?)<\/a\s*>/giu,
      (_link, _quote, href: string, label: string) => linkText(label, href),
    )
    .replace(/<img\b[^>]*?\balt\s*=\s*(["'])(.*?)\1[^>]*>/giu, (_img, _quote, alt: string) =>
      alt.trim() === "" ? "" : ` ${alt} `,
    )
    .replace(new RegExp(`</?(?:${BLOCK_TAGS})\\b[^>]*>`, "giu"), "\n")
    .replace(TAG, "");
}

function linkText(label: string, href: string): string {
  const text = label.replace(TAG, "").trim();
  if (text === "" || text === href) return href;
  return `${text} (${href})`;
}

function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]{1,6}|#[0-9]{1,7}|[a-z]{2,8});/giu, (entity, body: string) => {
    if (body.startsWith("#")) {
      const code =
        body[1] === "x" || body[1] === "X"
          ? Number.parseInt(body.slice(2), 16)
          : Number.parseInt(body.slice(1), 10);
      return code > 0 && code <= 0x10ffff && !(code >= 0xd800 && code <= 0xdfff)
        ? String.fromCodePoint(code)
        : "";
    }
    return ENTITIES[body.toLowerCase()] ?? entity;
  });
}

// "[1]: https://…" renders as nothing in markdown; escaped, it shows as the line it is.
function literalLinkDefinitions(text: string): string {
  return text.replace(/^( {0,3})\[([^\]\n]+)\]:/gmu, "$1\\[$2]:");
}
