import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { photoRequestText, refusalText } from "./attachment-texts";
import {
  ATTACHMENT_LIMITS,
  decideAttachment,
  imageSizeRefusal,
  isPastFileLimit,
  pdfHasActiveContent,
  REFUSAL_REASONS,
  refusedFileName,
  STORED_MIMES,
  sanitizeFileName,
  shouldAskForPhoto,
} from "./attachments";
import { SUPPORTED_LANGUAGES } from "./languages";

describe("deciding from the sniffed type", () => {
  it("accepts JPEG, PNG, WebP and PDF, stored as the type they were sniffed as", () => {
    expect(decideAttachment({ sniffedMime: "image/jpeg", sizeBytes: 10 })).toEqual({
      accept: true,
      kind: "image",
      storedMime: "image/jpeg",
    });
    expect(decideAttachment({ sniffedMime: "image/png", sizeBytes: 10 })).toMatchObject({
      accept: true,
      storedMime: "image/png",
    });
    expect(decideAttachment({ sniffedMime: "image/webp", sizeBytes: 10 })).toMatchObject({
      accept: true,
      storedMime: "image/webp",
    });
    expect(decideAttachment({ sniffedMime: "application/pdf", sizeBytes: 10 })).toEqual({
      accept: true,
      kind: "pdf",
      storedMime: "application/pdf",
    });
  });

  it("refuses bytes of any other type, or of no known type, whatever the file was called", () => {
    for (const sniffedMime of [
      null,
      "text/html",
      "image/svg+xml",
      "image/gif",
      "image/heic",
      "application/zip",
      "application/x-msdownload",
      "constructor",
      "__proto__",
    ]) {
      expect(decideAttachment({ sniffedMime, sizeBytes: 10 })).toEqual({
        accept: false,
        reason: "unsupported_type",
      });
    }
  });

  it("refuses empty and oversize files before looking at their type", () => {
    expect(decideAttachment({ sniffedMime: "image/png", sizeBytes: 0 })).toEqual({
      accept: false,
      reason: "empty",
    });
    expect(
      decideAttachment({ sniffedMime: "image/png", sizeBytes: ATTACHMENT_LIMITS.maxBytes + 1 }),
    ).toEqual({ accept: false, reason: "too_large" });
    expect(
      decideAttachment({ sniffedMime: "image/png", sizeBytes: ATTACHMENT_LIMITS.maxBytes }),
    ).toMatchObject({ accept: true });
  });

  it("only ever stores one of the four types, whatever it is given", () => {
    fc.assert(
      fc.property(fc.option(fc.string()), fc.integer(), (sniffedMime, sizeBytes) => {
        const decision = decideAttachment({ sniffedMime, sizeBytes });
        if (decision.accept) {
          expect(STORED_MIMES).toContain(decision.storedMime);
          expect(sizeBytes).toBeGreaterThan(0);
          expect(sizeBytes).toBeLessThanOrEqual(ATTACHMENT_LIMITS.maxBytes);
        }
      }),
    );
  });
});

describe("image size and file count", () => {
  it("refuses an image past the pixel limit and one with no size", () => {
    expect(imageSizeRefusal({ width: 8000, height: 6000 })).toBe("too_many_pixels");
    expect(imageSizeRefusal({ width: 0, height: 10 })).toBe("unreadable");
    expect(imageSizeRefusal({ width: 4000, height: 3000 })).toBeNull();
  });

  it("takes the first files of a message up to the limit", () => {
    expect(isPastFileLimit(ATTACHMENT_LIMITS.maxFilesPerMessage - 1)).toBe(false);
    expect(isPastFileLimit(ATTACHMENT_LIMITS.maxFilesPerMessage)).toBe(true);
  });
});

describe("active content in a PDF", () => {
  it("finds scripts, launch actions and embedded files, also when a name is #-escaped", () => {
    expect(
      pdfHasActiveContent("1 0 obj << /OpenAction << /S /JavaScript /JS (app.alert(1)) >> >>"),
    ).toBe(true);
    expect(pdfHasActiveContent("<< /S /Launch /F (calc.exe) >>")).toBe(true);
    expect(pdfHasActiveContent("<< /Type /EmbeddedFile >>")).toBe(true);
    expect(pdfHasActiveContent("<< /S /J#61vaScript >>")).toBe(true);
  });

  it("passes a plain document", () => {
    expect(pdfHasActiveContent("%PDF-1.4\n1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj")).toBe(
      false,
    );
    expect(pdfHasActiveContent("<< /JSON (not a script name) >>")).toBe(false);
  });
});

describe("file names", () => {
  it("drops folders and markup, and ends in the stored type's extension", () => {
    expect(sanitizeFileName("../../etc/passwd", "image/png")).toBe("passwd.png");
    expect(sanitizeFileName('C:\\photos\\<script>"x".jpg', "image/jpeg")).toBe("script__x_.jpg");
    expect(sanitizeFileName("invoice.pdf.exe", "application/pdf")).toBe("invoice.pdf.pdf");
    expect(sanitizeFileName(null, "image/webp")).toBe("attachment.webp");
    expect(sanitizeFileName("...", "image/png")).toBe("attachment.png");
    expect(sanitizeFileName("café crème.JPG", "image/jpeg")).toBe("café crème.jpg");
  });

  it("is short, free of path and quote characters, for any name", () => {
    fc.assert(
      fc.property(
        fc.option(fc.string({ maxLength: 400 })),
        fc.constantFrom(...STORED_MIMES),
        (name, mime) => {
          const clean = sanitizeFileName(name, mime);
          expect(clean.length).toBeLessThanOrEqual(120);
          expect(clean).not.toMatch(/[\\/"<>\p{Cc}]/u);
          expect(clean.startsWith(".")).toBe(false);
          const refused = refusedFileName(name);
          expect(refused.length).toBeGreaterThan(0);
          expect(refused).not.toMatch(/[\\/"<>[\]\p{Cc}]/u);
        },
      ),
    );
  });
});

describe("asking for a photo", () => {
  it("asks on a merchant-fault refund until the conversation has an image", () => {
    expect(shouldAskForPhoto({ merchantFault: true, conversationHasImage: false })).toBe(true);
    expect(shouldAskForPhoto({ merchantFault: true, conversationHasImage: true })).toBe(false);
    expect(shouldAskForPhoto({ merchantFault: false, conversationHasImage: false })).toBe(false);
  });

  it("has the request and every refusal in every supported language", () => {
    for (const language of SUPPORTED_LANGUAGES) {
      expect(photoRequestText(language).length).toBeGreaterThan(20);
      for (const reason of REFUSAL_REASONS) {
        const text = refusalText(language, reason, "crack.jpg");
        expect(text, `${language} ${reason}`).toContain("crack.jpg");
        expect(text).not.toMatch(/[{}]/);
      }
    }
    expect(refusalText("en", "too_large", "big.png")).toBe("big.png is larger than 10 MB.");
  });
});
