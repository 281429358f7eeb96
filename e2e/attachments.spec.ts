import { request as playwrightRequest } from "@playwright/test";
import sharp from "sharp";
import { waitForRunsToEnd } from "./support/agent-runs";
import { queryRows } from "./support/e2e-database";
import { expectNoAxeViolations, expectNoSidewaysScroll, PHONE } from "./support/page-checks";
import { expect, signedInContext, test } from "./support/staff-pages";
import { latestCard, openWidgetAs, waitForQuote } from "./support/widget";

/*
 * A customer sends a photo of a cracked coffee maker with a damaged-item (merchant-fault) refund
 * request from the widget on a 390 px phone; the staff ticket shows it, the approval card shows
 * it beside the quote, and the file's URL answers 404 to an anonymous request.
 */

test.describe.configure({ timeout: 120_000 });

// A real photo as a phone writes it, with the owner's name in its EXIF.
const crackPhoto = () =>
  sharp({ create: { width: 64, height: 48, channels: 3, background: { r: 180, g: 40, b: 40 } } })
    .withExif({ IFD0: { Artist: "Maya Chen" } })
    .jpeg()
    .toBuffer();

test("a photo sent with a damaged-item request reaches the ticket and the approval card, and no one else", async ({
  page,
  browser,
  baseURL,
}) => {
  await page.setViewportSize(PHONE);
  const { frame, email } = await openWidgetAs(page, "Maya Chen");

  // The attach button is labelled and reached by keyboard from the message box.
  await frame
    .getByLabel("Your message")
    .fill(
      "Hi, my order A1043 arrived and the glass pour-over coffee maker is cracked. Can I get my money back for the coffee maker?",
    );
  await frame.getByLabel("Your message").press("Tab");
  const attach = frame.getByRole("button", { name: "Attach a photo or PDF" });
  await expect(attach).toBeFocused();

  // A file that is not a photo is refused in the customer's words, naming it; nothing is sent.
  await frame.locator('input[type="file"]').setInputFiles({
    name: "photo.png",
    mimeType: "image/png",
    buffer: Buffer.from("<html><script>alert(1)</script></html>"),
  });
  await expect(frame.getByRole("list", { name: "Files to send" })).toContainText("photo.png");
  await frame.getByRole("button", { name: "Send" }).click();
  await expect(
    frame
      .getByRole("alert")
      .filter({ hasText: "photo.png is not a JPEG, PNG or WebP photo or a PDF." }),
  ).toBeVisible();
  await frame.getByRole("button", { name: "Remove photo.png" }).click();

  await frame.locator('input[type="file"]').setInputFiles({
    name: "crack.jpg",
    mimeType: "image/jpeg",
    buffer: await crackPhoto(),
  });
  await frame.getByRole("button", { name: "Send" }).click();

  const sent = frame.getByRole("img", { name: "Photo you sent: crack.jpg" });
  await expect(sent).toBeVisible({ timeout: 30_000 });
  await expect.poll(() => sent.evaluate((image: HTMLImageElement) => image.naturalWidth)).toBe(64);
  const card = await waitForQuote(frame, "$48.00");
  await card.getByRole("button", { name: "Confirm refund of $48.00" }).click();
  await expect(latestCard(frame)).toHaveAttribute("data-status", "awaiting_approval", {
    timeout: 30_000,
  });

  const [row] = await queryRows<{ id: string; conversation_id: string; action_id: string }>(
    `SELECT a.id, a.conversation_id, pa.id AS action_id
       FROM attachments a
       JOIN customers cu ON cu.id = a.customer_id
       JOIN pending_actions pa ON pa.conversation_id = a.conversation_id
      WHERE cu.email = $1
      ORDER BY a.created_at DESC LIMIT 1`,
    [email],
  );
  const attachmentId = row?.id ?? "";
  const conversationId = row?.conversation_id ?? "";
  await waitForRunsToEnd(conversationId);
  // A photo came with the request, so the agent asked for none.
  await expect(
    frame.locator('article[data-author="agent"]').filter({ hasText: "send a photo" }),
  ).toHaveCount(0);

  // An anonymous request for the file's URL: not found, as if there were no such file.
  const anonymous = await playwrightRequest.newContext({ baseURL });
  try {
    for (const url of [
      `/api/attachments/${attachmentId}`,
      `/api/widget/attachments/${attachmentId}`,
    ]) {
      const answer = await anonymous.get(url);
      expect(answer.status()).toBe(404);
      expect(await answer.text()).not.toContain("crack");
    }
  } finally {
    await anonymous.dispose();
  }

  // The customer's own panel, on its own page: the thumbnail, at 390 px, axe clean.
  await page.goto("/widget?workspace=demo-shop");
  await expect(page.getByRole("img", { name: "Photo you sent: crack.jpg" })).toBeVisible({
    timeout: 30_000,
  });
  await expectNoSidewaysScroll(page);
  await expectNoAxeViolations(page, "the widget with a sent photo");

  for (const viewport of [PHONE, { width: 1440, height: 900 }]) {
    const staff = await signedInContext(browser, "approver", { viewport });
    try {
      const ticket = staff.page;
      await ticket.goto(`/conversations/${conversationId}`);
      const photo = ticket.getByRole("img", { name: "Photo from the customer: crack.jpg" });
      await expect(photo).toBeVisible();
      await expect
        .poll(() => photo.evaluate((image: HTMLImageElement) => image.naturalWidth))
        .toBe(64);
      await expect(ticket.getByRole("link").filter({ has: photo })).toHaveAttribute(
        "href",
        `/api/attachments/${attachmentId}`,
      );
      await expectNoAxeViolations(ticket, `the ticket at ${viewport.width} px`);

      // The file itself: the stored type, never sniffed, in a sandbox, its EXIF gone.
      const served = await ticket.request.get(`/api/attachments/${attachmentId}`);
      expect(served.status()).toBe(200);
      expect(served.headers()["content-type"]).toBe("image/jpeg");
      expect(served.headers()["x-content-type-options"]).toBe("nosniff");
      expect(served.headers()["content-security-policy"]).toBe("default-src 'none'; sandbox");
      expect((await served.body()).includes("Maya Chen")).toBe(false);

      await ticket.goto("/approvals");
      const approval = ticket.locator(`article[data-action-id="${row?.action_id}"]`);
      await expect(approval).toContainText("$48.00");
      const evidence = approval.getByRole("list", { name: "Photos the customer sent" });
      await expect(evidence.getByRole("img", { name: /crack\.jpg$/ })).toBeVisible();
      if (viewport === PHONE) await expectNoSidewaysScroll(ticket);
      await expectNoAxeViolations(ticket, `the approval card at ${viewport.width} px`);
    } finally {
      await staff.context.close();
    }
  }
});
