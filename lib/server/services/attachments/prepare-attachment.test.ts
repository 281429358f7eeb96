import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ATTACHMENT_LIMITS } from "@/lib/domain/attachments";
import { readAttachmentBytes, sha256Hex } from "./attachment-store";
import { prepareAttachments } from "./prepare-attachment";

let dir: string;
beforeAll(async () => {
  dir = await fs.mkdtemp(path.join(os.tmpdir(), "countersign-attachments-"));
});
afterAll(async () => {
  await fs.rm(dir, { recursive: true, force: true });
});

const RED = { r: 200, g: 30, b: 30 };

function photo(width: number, height: number) {
  return sharp({ create: { width, height, channels: 3, background: RED } });
}

// A photo as a phone writes it: who took it and where, in EXIF (GPS in IFD3).
const PHONE_EXIF = {
  IFD0: { Artist: "Maya Chen", Make: "PhoneCo" },
  IFD3: { GPSLatitudeRef: "N", GPSLatitude: "52/1 22/1 1234/100" },
};

describe("preparing a customer's files from their bytes", () => {
  it("re-encodes a PNG with EXIF and GPS: the stored bytes carry no metadata", async () => {
    const sent = await photo(40, 30).withExif(PHONE_EXIF).png().toBuffer();
    expect((await sharp(sent).metadata()).exif).toBeDefined();
    expect(sent.includes("Maya Chen")).toBe(true);

    const { stored, refused } = await prepareAttachments([{ bytes: sent, name: "crack.png" }], dir);
    expect(refused).toEqual([]);
    expect(stored).toHaveLength(1);
    const [file] = stored;
    expect(file).toMatchObject({
      storedMime: "image/png",
      width: 40,
      height: 30,
      originalName: "crack.png",
    });
    const bytes = await readAttachmentBytes(file?.sha256 ?? "", dir);
    expect(bytes).not.toBeNull();
    expect(sha256Hex(bytes as Buffer)).toBe(file?.sha256);
    expect(Buffer.compare(bytes as Buffer, sent)).not.toBe(0);
    expect((await sharp(bytes as Buffer).metadata()).exif).toBeUndefined();
    expect((bytes as Buffer).includes("Maya Chen")).toBe(false);
    expect((bytes as Buffer).includes("PhoneCo")).toBe(false);
  });

  it("turns a JPEG upright by its EXIF orientation, then drops the EXIF", async () => {
    const sent = await photo(60, 20).withMetadata({ orientation: 6 }).jpeg().toBuffer();
    const { stored } = await prepareAttachments([{ bytes: sent, name: "side.jpeg" }], dir);
    expect(stored[0]).toMatchObject({
      storedMime: "image/jpeg",
      width: 20,
      height: 60,
      originalName: "side.jpg",
    });
    const bytes = await readAttachmentBytes(stored[0]?.sha256 ?? "", dir);
    expect((await sharp(bytes as Buffer).metadata()).exif).toBeUndefined();
  });

  it("refuses HTML named as a PNG and declared as one", async () => {
    const html = Buffer.from("<!doctype html><html><script>alert(document.cookie)</script></html>");
    const { stored, refused } = await prepareAttachments([{ bytes: html, name: "photo.png" }], dir);
    expect(stored).toEqual([]);
    expect(refused).toEqual([{ name: "photo.png", reason: "unsupported_type" }]);
  });

  it("refuses an SVG (it can carry scripts) and a truncated PNG", async () => {
    const svg = Buffer.from(
      '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>',
    );
    const png = await photo(20, 20).png().toBuffer();
    const { refused } = await prepareAttachments(
      [
        { bytes: svg, name: "x.svg" },
        { bytes: png.subarray(0, 40), name: "cut.png" },
      ],
      dir,
    );
    expect(refused).toEqual([
      { name: "x.svg", reason: "unsupported_type" },
      { name: "cut.png", reason: "unreadable" },
    ]);
  });

  it("refuses a file over the size limit without reading it", async () => {
    const big = new Uint8Array(ATTACHMENT_LIMITS.maxBytes + 1);
    big.set(await photo(10, 10).png().toBuffer());
    const { refused } = await prepareAttachments([{ bytes: big, name: "huge.png" }], dir);
    expect(refused).toEqual([{ name: "huge.png", reason: "too_large" }]);
  });

  it("refuses an image that decodes to more pixels than the limit", async () => {
    const bomb = await photo(8000, 6000).png({ compressionLevel: 9 }).toBuffer();
    expect(bomb.length).toBeLessThan(ATTACHMENT_LIMITS.maxBytes);
    const { refused } = await prepareAttachments([{ bytes: bomb, name: "bomb.png" }], dir);
    expect(refused).toEqual([{ name: "bomb.png", reason: "too_many_pixels" }]);
  });

  it("scales a large photo down to the stored edge", async () => {
    const wide = await photo(3000, 1500).jpeg().toBuffer();
    const { stored } = await prepareAttachments([{ bytes: wide, name: "wide.jpg" }], dir);
    expect(stored[0]).toMatchObject({ width: ATTACHMENT_LIMITS.maxStoredEdge, height: 1024 });
  });

  it("keeps a plain PDF as sent and refuses one with a script", async () => {
    const plain = Buffer.from(
      "%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n",
    );
    const scripted = Buffer.from(
      "%PDF-1.4\n1 0 obj << /Type /Catalog /OpenAction << /S /JavaScript /JS (app.alert(1)) >> >> endobj\n%%EOF\n",
    );
    const { stored, refused } = await prepareAttachments(
      [
        { bytes: plain, name: "receipt.pdf" },
        { bytes: scripted, name: "evil.pdf" },
      ],
      dir,
    );
    expect(stored).toEqual([
      expect.objectContaining({
        storedMime: "application/pdf",
        sha256: sha256Hex(plain),
        originalName: "receipt.pdf",
      }),
    ]);
    expect(refused).toEqual([{ name: "evil.pdf", reason: "active_content" }]);
  });

  it("takes at most the per-message number of files", async () => {
    const png = await photo(8, 8).png().toBuffer();
    const files = Array.from({ length: ATTACHMENT_LIMITS.maxFilesPerMessage + 1 }, (_, index) => ({
      bytes: png,
      name: `p${index}.png`,
    }));
    const { stored, refused } = await prepareAttachments(files, dir);
    expect(stored).toHaveLength(ATTACHMENT_LIMITS.maxFilesPerMessage);
    expect(refused).toEqual([
      { name: `p${ATTACHMENT_LIMITS.maxFilesPerMessage}.png`, reason: "too_many_files" },
    ]);
    // The same photo is stored once, under its digest.
    expect(new Set(stored.map((file) => file.sha256)).size).toBe(1);
    const folder = path.join(dir, stored[0]?.sha256.slice(0, 2) ?? "");
    expect((await fs.readdir(folder)).filter((name) => name.startsWith("."))).toEqual([]);
  });
});
