import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { NextRequest } from "next/server";
import sharp from "sharp";
import { afterAll, describe, expect, it, vi } from "vitest";
import { GET as staffPathGet } from "@/app/api/attachments/[attachmentId]/route";
import { GET } from "@/app/api/widget/attachments/[attachmentId]/route";
import { WIDGET_SESSION_COOKIE } from "@/lib/auth/widget-session-cookie";
import { prepareAttachments } from "@/lib/server/services/attachments/prepare-attachment";
import { recordAttachments } from "@/lib/server/services/attachments/record-attachments";
import { receiveInboundEmail } from "@/lib/server/services/email/receive-inbound-email";
import { seededTestDatabase } from "@/tests/support/test-database-hooks";
import { fixedClock, testUseCaseContext } from "@/tests/support/test-use-case-context";
import { postWidgetMessageWithFiles } from "./post-widget-message-with-files";
import { readAttachment } from "./read-attachment";
import { startWidgetSession } from "./start-widget-session";

process.env.LOG_LEVEL ??= "fatal";
process.env.RUNS_PER_PROCESS = "0";
const attachmentsDir = await fs.mkdtemp(path.join(os.tmpdir(), "countersign-attachments-db-"));
process.env.ATTACHMENTS_DIR = attachmentsDir;
afterAll(() => fs.rm(attachmentsDir, { recursive: true, force: true }));

// As on the app server, a stored run goes to the job workers; no agent turn runs in this test.
vi.mock("@/lib/server/process/jobs/job-runner", async (importOriginal) => ({
  ...(await importOriginal<typeof import("@/lib/server/process/jobs/job-runner")>()),
  runsJobWorkers: () => true,
  notifyJobWorkers: () => {},
}));

const prisma = seededTestDatabase();
const context = testUseCaseContext({ db: prisma });

async function session(email: string, orderNumber: string) {
  const started = await startWidgetSession(
    { workspace: "demo-shop", method: "order_check", email, orderNumber, ip: "203.0.113.9" },
    testUseCaseContext({ db: prisma, now: fixedClock(new Date()) }),
  );
  return { token: started.token, conversationId: started.conversationId };
}

const photo = () =>
  sharp({ create: { width: 30, height: 20, channels: 3, background: { r: 9, g: 99, b: 199 } } })
    .withExif({ IFD0: { Artist: "Maya Chen" } })
    .png()
    .toBuffer();

function messageForm(clientMessageId: string, text: string, files: [Buffer, string][]) {
  const form = new FormData();
  form.set("clientMessageId", clientMessageId);
  form.set("text", text);
  for (const [bytes, name] of files) form.append("file", new File([new Uint8Array(bytes)], name));
  return form;
}

async function mayaSendsAPhoto() {
  const maya = await session("maya@example.com", "A1043");
  const posted = await postWidgetMessageWithFiles(
    {
      form: messageForm("maya-photo-0001", "The coffee maker arrived cracked.", [
        [await photo(), "crack.png"],
      ]),
      token: maya.token,
    },
    context,
  );
  const attachment = await prisma.attachment.findFirstOrThrow({
    where: { messageId: posted.messageId },
  });
  return { maya, posted, attachment };
}

const staffOf = async (email: string) => {
  const user = await prisma.staffUser.findUniqueOrThrow({ where: { email } });
  return { id: user.id, role: user.role };
};

describe("a widget message with a photo", () => {
  it("stores the message, the attachment row and its audit event together, the bytes on disk", async () => {
    const { maya, posted, attachment } = await mayaSendsAPhoto();
    const message = await prisma.message.findUniqueOrThrow({ where: { id: posted.messageId } });
    expect(message.body).toBe("The coffee maker arrived cracked.");
    expect(attachment).toMatchObject({
      conversationId: maya.conversationId,
      source: "widget",
      storedMime: "image/png",
      width: 30,
      height: 20,
      originalName: "crack.png",
    });
    const stored = await fs.readFile(
      path.join(attachmentsDir, attachment.sha256.slice(0, 2), attachment.sha256),
    );
    expect(stored.includes("Maya Chen")).toBe(false);
    const events = await prisma.auditEvent.findMany({ where: { kind: "attachment.stored" } });
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({
      subjectId: attachment.id,
      conversationId: maya.conversationId,
      actorKind: "customer",
    });
  });

  it("stores a retry of the same message once, with one row", async () => {
    const { maya } = await mayaSendsAPhoto();
    const again = await postWidgetMessageWithFiles(
      {
        form: messageForm("maya-photo-0001", "The coffee maker arrived cracked.", [
          [await photo(), "crack.png"],
        ]),
        token: maya.token,
      },
      context,
    );
    expect(again.duplicate).toBe(true);
    expect(await prisma.attachment.count()).toBe(1);
  });

  it("refuses the whole message when a file is not accepted, naming it and why", async () => {
    const maya = await session("maya@example.com", "A1043");
    await expect(
      postWidgetMessageWithFiles(
        {
          form: messageForm("maya-photo-0002", "Here", [
            [await photo(), "crack.png"],
            [Buffer.from("<html><script>alert(1)</script></html>"), "photo.png"],
          ]),
          token: maya.token,
        },
        context,
      ),
    ).rejects.toMatchObject({
      code: "VALIDATION_FAILED",
      extensions: { refusedFiles: [{ name: "photo.png", reason: "unsupported_type" }] },
    });
    expect(await prisma.attachment.count()).toBe(0);
    expect(
      await prisma.message.count({
        where: { conversationId: maya.conversationId, authorKind: "customer" },
      }),
    ).toBe(0);
  });

  it("writes no row and no audit event when the message's transaction rolls back", async () => {
    const { posted, maya } = await mayaSendsAPhoto();
    const files = await prepareAttachments([{ bytes: await photo(), name: "again.png" }]);
    await expect(
      prisma.$transaction(async (tx) => {
        await recordAttachments(tx, {
          conversationId: maya.conversationId,
          messageId: posted.messageId,
          source: "widget",
          files,
          now: new Date(),
        });
        throw new Error("the message could not be stored");
      }),
    ).rejects.toThrow("could not be stored");
    expect(await prisma.attachment.count()).toBe(1);
    expect(await prisma.auditEvent.count({ where: { kind: "attachment.stored" } })).toBe(1);
  });
});

describe("who may read an attachment", () => {
  const read = (
    attachmentId: string,
    requester: Parameters<typeof readAttachment>[0]["requester"],
  ) => readAttachment({ attachmentId, requester }, context);

  it("the customer who sent it and the workspace's staff get the bytes", async () => {
    const { maya, attachment } = await mayaSendsAPhoto();
    const own = await read(attachment.id, { staff: null, widgetToken: maya.token });
    expect(own.storedMime).toBe("image/png");
    expect(own.bytes.length).toBe(attachment.sizeBytes);
    const staff = await read(attachment.id, {
      staff: await staffOf("agent@countersign.test"),
      widgetToken: undefined,
    });
    expect(staff.bytes.equals(own.bytes)).toBe(true);
  });

  it("another customer's session, an anonymous request and another workspace's staff get 404", async () => {
    const { attachment } = await mayaSendsAPhoto();
    const sam = await session("sam@example.com", "B2001");
    const elsewhere = await prisma.workspace.create({
      data: { key: "other-shop", name: "Other shop", identitySecret: "o".repeat(43) },
    });
    const outsider = await prisma.staffUser.create({
      data: {
        email: "agent@other-shop.example",
        name: "Other Agent",
        role: "admin",
        passwordHash: "not-a-hash",
        workspaces: { create: { workspaceId: elsewhere.id } },
      },
    });
    for (const requester of [
      { staff: null, widgetToken: sam.token },
      { staff: null, widgetToken: undefined },
      { staff: null, widgetToken: "not-a-session-token" },
      { staff: { id: outsider.id, role: outsider.role }, widgetToken: undefined },
    ]) {
      await expect(read(attachment.id, requester)).rejects.toMatchObject({ code: "NOT_FOUND" });
    }
    await expect(
      read("no-such-attachment", {
        staff: await staffOf("admin@countersign.test"),
        widgetToken: undefined,
      }),
    ).rejects.toMatchObject({ code: "NOT_FOUND" });
  });

  it("the route answers 404 to strangers and serves the owner the file with safe headers", async () => {
    const { maya, attachment } = await mayaSendsAPhoto();
    const sam = await session("sam@example.com", "B2001");
    const get = (cookie?: string) =>
      GET(
        new NextRequest(`http://localhost:3000/api/widget/attachments/${attachment.id}`, {
          headers: cookie ? { cookie: `${WIDGET_SESSION_COOKIE}=${cookie}` } : {},
        }),
        { params: Promise.resolve({ attachmentId: attachment.id }) },
      );

    const anonymous = await get();
    expect(anonymous.status).toBe(404);
    const anonymousStaffPath = await staffPathGet(
      new NextRequest(`http://localhost:3000/api/attachments/${attachment.id}`),
      { params: Promise.resolve({ attachmentId: attachment.id }) },
    );
    expect(anonymousStaffPath.status).toBe(404);
    expect(anonymous.headers.get("content-type")).toContain("application/problem+json");
    expect((await get(sam.token)).status).toBe(404);

    const own = await get(maya.token);
    expect(own.status).toBe(200);
    expect(own.headers.get("content-type")).toBe("image/png");
    expect(own.headers.get("x-content-type-options")).toBe("nosniff");
    expect(own.headers.get("content-security-policy")).toBe("default-src 'none'; sandbox");
    expect(own.headers.get("content-disposition")).toMatch(/^inline; filename="crack.png"/);
    expect(own.headers.get("cache-control")).toBe("private, max-age=300");
    expect(Buffer.from(await own.arrayBuffer()).length).toBe(attachment.sizeBytes);
  });
});

describe("an email with attachments", () => {
  it("stores the accepted photo and leaves a line for the refused file", async () => {
    const png = (await photo()).toString("base64");
    const boundary = "countersign-boundary";
    const raw = Buffer.from(
      [
        "From: Maya Chen <maya@example.com>",
        "To: support@countersign.local",
        "Subject: Cracked coffee maker",
        "Message-ID: <maya-attachments-1@example.com>",
        "MIME-Version: 1.0",
        `Content-Type: multipart/mixed; boundary="${boundary}"`,
        "",
        `--${boundary}`,
        "Content-Type: text/plain; charset=utf-8",
        "",
        "My order A1043 arrived and the coffee maker is cracked. Photo attached.",
        `--${boundary}`,
        'Content-Type: image/png; name="crack.png"',
        'Content-Disposition: attachment; filename="crack.png"',
        "Content-Transfer-Encoding: base64",
        "",
        png,
        `--${boundary}`,
        'Content-Type: image/jpeg; name="invoice.jpg"',
        'Content-Disposition: attachment; filename="invoice.jpg"',
        "",
        "<html><body>not a photo</body></html>",
        `--${boundary}--`,
        "",
      ].join("\r\n"),
    );
    const received = await receiveInboundEmail(
      { raw, via: "webhook", supportAddress: "support@countersign.local" },
      context,
    );
    const message = await prisma.message.findUniqueOrThrow({
      where: { id: received.messageId ?? "" },
      include: { attachments: true },
    });
    expect(message.body).toContain("coffee maker is cracked");
    expect(message.body).toContain(
      "[Files not accepted: invoice.jpg (not a JPEG, PNG or WebP image or a PDF)]",
    );
    expect(message.attachments).toEqual([
      expect.objectContaining({
        source: "email",
        storedMime: "image/png",
        originalName: "crack.png",
        conversationId: received.conversationId,
      }),
    ]);
    const kinds = await prisma.auditEvent.findMany({
      where: { conversationId: received.conversationId, kind: { startsWith: "attachment." } },
      select: { kind: true, payload: true },
      orderBy: { id: "asc" },
    });
    expect(kinds.map((event) => event.kind)).toEqual(["attachment.stored", "attachment.refused"]);
    expect(kinds[1]?.payload).toMatchObject({
      fileName: "invoice.jpg",
      reason: "unsupported_type",
    });
  });
});
