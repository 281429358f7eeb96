import { createHash } from "node:crypto";
import { convert } from "html-to-text";
import type { AddressObject } from "mailparser";
import { z } from "zod";
import { toStorableText } from "@/lib/domain/storable-text";
import { InboundEmailError, MAX_INBOUND_EMAIL_BYTES } from "./inbound-email-error";
import { trimQuotedReply } from "./trim-quoted-reply";

export type InboundAttachment = { filename: string | null; contentType: string; sizeBytes: number };

/** An attachment's bytes, for the checks that decide whether it is stored (never kept as sent). */
export type InboundFile = { name: string | null; bytes: Uint8Array };

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
  files: InboundFile[];
  sizeBytes: number;
};

const MAX_TEXT_CHARS = 8000;

const senderSchema = z.email();

/*
 * Raw RFC 822 in, the parts the helpdesk uses out. HTML is converted to text (links and images
 * dropped, nothing executed or kept as markup): when a message has an HTML part its visible text
 * is what is read, since mailparser's own text for an HTML-only message keeps every URL. Every
 * string is made storable (NUL removed, a lone surrogate replaced), so text Postgres would refuse
 * never turns a delivery into a failure the sender retries for days. Attachments are described,
 * and their bytes handed on to the attachment checks (receive-inbound-email.ts). An email without a Message-ID gets one from its bytes, so a redelivery is still
 * recognised. A sender address that the conversation's schema would refuse is refused here, as
 * final: a retry cannot change it.
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
  // Loaded on the first email, not at start: mailparser holds about 12 MB a server without
  // inbound mail never needs.
  const { simpleParser } = await import("mailparser");
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
  const fromAddress = toStorableText(sender.address).trim().toLowerCase();
  if (!senderSchema.safeParse(fromAddress).success) {
    throw new InboundEmailError("BAD_SENDER", "The From address is not a valid email address.");
  }
  const bodyText = mail.html ? htmlToText(mail.html) : (mail.text ?? "");
  const text = toStorableText(
    trimQuotedReply(toStorableText(bodyText)).slice(0, MAX_TEXT_CHARS),
  ).trim();
  if (!text) throw new InboundEmailError("MALFORMED", "The message has no readable text body.");
  return {
    messageId: normaliseId(mail.messageId) ?? syntheticMessageId(raw),
    fromAddress,
    fromName:
      toStorableText(sender.name ?? "")
        .trim()
        .slice(0, 200) || null,
    to: addressList(mail.to).concat(addressList(mail.cc)),
    subject: toStorableText((mail.subject ?? "").trim().slice(0, 300)).trim() || "(no subject)",
    text,
    inReplyTo: normaliseId(mail.inReplyTo),
    references: toList(mail.references).flatMap((id) => normaliseId(id) ?? []),
    attachments: mail.attachments.map((attachment) => ({
      filename: attachment.filename ? toStorableText(attachment.filename).slice(0, 200) : null,
      contentType: toStorableText(attachment.contentType).slice(0, 200),
      sizeBytes: attachment.size,
    })),
    files: mail.attachments.map((attachment) => ({
      name: attachment.filename ? toStorableText(attachment.filename).slice(0, 200) : null,
      bytes: new Uint8Array(attachment.content),
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
    .flatMap((entry) => (entry.address ? [toStorableText(entry.address).toLowerCase()] : []));
}

function toList(value: string | string[] | undefined): string[] {
  if (!value) return [];
  return (Array.isArray(value) ? value : [value]).flatMap((item) => item.split(/\s+/));
}

function normaliseId(value: string | undefined): string | null {
  const id = value === undefined ? undefined : toStorableText(value).trim().slice(0, 290);
  if (!id) return null;
  const bare = id.replace(/^<|>$/g, "");
  return bare ? `<${bare}>` : null;
}

function syntheticMessageId(raw: Buffer): string {
  return `<sha256-${createHash("sha256").update(raw).digest("hex").slice(0, 40)}@inbound.invalid>`;
}
