import { createHash } from "node:crypto";
import { convert } from "html-to-text";
import { type AddressObject, simpleParser } from "mailparser";
import { InboundEmailError, MAX_INBOUND_EMAIL_BYTES } from "./inbound-email-error";
import { trimQuotedReply } from "./trim-quoted-reply";

export type InboundAttachment = { filename: string | null; contentType: string; sizeBytes: number };

export type ParsedInboundEmail = {
  messageId: string;
  fromAddress: string;
  fromName: string | null;
  to: string[];
  subject: string;
  /** What the customer wrote: plain text (HTML reduced to text), quoted earlier mail removed. */
  text: string;
  inReplyTo: string | null;
  references: string[];
  attachments: InboundAttachment[];
  sizeBytes: number;
};

const MAX_TEXT_CHARS = 8000;

/*
 * Raw RFC 822 in, the parts the helpdesk uses out. HTML is converted to text (links and images
 * dropped, nothing executed or kept as markup); attachments are described, never stored. An email
 * without a Message-ID gets one from its bytes, so a redelivery is still recognised.
 */
export async function parseInboundEmail(raw: Buffer): Promise<ParsedInboundEmail> {
  if (raw.length > MAX_INBOUND_EMAIL_BYTES) {
    throw new InboundEmailError(
      "TOO_LARGE",
      `The email is ${raw.length} bytes; the limit is ${MAX_INBOUND_EMAIL_BYTES} bytes.`,
    );
  }
  if (!/^[\x21-\x39\x3b-\x7e]+:/m.test(raw.subarray(0, 4096).toString("latin1"))) {
    throw new InboundEmailError("MALFORMED", "The message has no RFC 822 header section.");
  }
  const mail = await simpleParser(raw, { skipImageLinks: true, skipTextLinks: true }).catch(
    (error: unknown) => {
      throw new InboundEmailError(
        "MALFORMED",
        `The message could not be parsed as MIME: ${error instanceof Error ? error.message : String(error)}`,
      );
    },
  );
  const sender = firstAddress(mail.from);
  if (!sender?.address) {
    throw new InboundEmailError("MALFORMED", "The message has no From address.");
  }
  const bodyText = mail.text?.trim() ? mail.text : mail.html ? htmlToText(mail.html) : "";
  const text = trimQuotedReply(bodyText).slice(0, MAX_TEXT_CHARS).trim();
  if (!text) throw new InboundEmailError("MALFORMED", "The message has no readable text body.");
  return {
    messageId: normaliseId(mail.messageId) ?? syntheticMessageId(raw),
    fromAddress: sender.address.toLowerCase(),
    fromName: sender.name?.trim() || null,
    to: addressList(mail.to).concat(addressList(mail.cc)),
    subject: (mail.subject ?? "").trim().slice(0, 300) || "(no subject)",
    text,
    inReplyTo: normaliseId(mail.inReplyTo),
    references: toList(mail.references).flatMap((id) => normaliseId(id) ?? []),
    attachments: mail.attachments.map((attachment) => ({
      filename: attachment.filename ?? null,
      contentType: attachment.contentType,
      sizeBytes: attachment.size,
    })),
    sizeBytes: raw.length,
  };
}

function htmlToText(html: string): string {
  return convert(html, {
    wordwrap: false,
    selectors: [
      { selector: "a", options: { ignoreHref: true } },
      { selector: "img", format: "skip" },
      { selector: "style", format: "skip" },
      { selector: "script", format: "skip" },
      { selector: "blockquote", format: "skip" },
    ],
  });
}

function firstAddress(field: AddressObject | AddressObject[] | undefined) {
  const objects = Array.isArray(field) ? field : field ? [field] : [];
  return objects.flatMap((object) => object.value).find((entry) => entry.address);
}

function addressList(field: AddressObject | AddressObject[] | undefined): string[] {
  const objects = Array.isArray(field) ? field : field ? [field] : [];
  return objects
    .flatMap((object) => object.value)
    .flatMap((entry) => (entry.address ? [entry.address.toLowerCase()] : []));
}

function toList(value: string | string[] | undefined): string[] {
  if (!value) return [];
  return (Array.isArray(value) ? value : [value]).flatMap((item) => item.split(/\s+/));
}

function normaliseId(value: string | undefined): string | null {
  const id = value?.trim();
  if (!id) return null;
  const bare = id.replace(/^<|>$/g, "");
  return bare ? `<${bare}>` : null;
}

function syntheticMessageId(raw: Buffer): string {
  return `<sha256-${createHash("sha256").update(raw).digest("hex").slice(0, 40)}@inbound.invalid>`;
}
