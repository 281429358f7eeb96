import { expect, type Frame, type Page, test } from "@playwright/test";
import { freshQuoteRequestText } from "../lib/domain/fresh-quote-request";
import { queryRows } from "./support/e2e-database";
import { actionById, openWidgetAs, say, waitForQuote } from "./support/widget";

/*
 * The agent's reply is written into the widget as the model produces it (here the offline agent,
 * which streams its reply a few words at a time), and a lapsed quote can be asked for again.
 */

test.describe.configure({ timeout: 120_000 });

type Seen = {
  at: number;
  typing: boolean;
  preview: string | null;
  caretAnimation: string | null;
  storedReply: boolean;
};

function chatFrame(page: Page): Frame {
  const frame = page.frames().find((candidate) => new URL(candidate.url()).pathname === "/widget");
  if (!frame) throw new Error("the chat frame is not open");
  return frame;
}

// Records every state of the typing indicator and the preview the page goes through, however
// briefly: what a person would have seen, without racing the stream with polls.
async function recordReplyStates(frame: Frame): Promise<void> {
  await frame.evaluate(() => {
    const seen: Seen[] = [];
    (window as unknown as { seenReplyStates: Seen[] }).seenReplyStates = seen;
    const record = () => {
      const preview = document.querySelector('[data-testid="reply-preview"]');
      const caret = preview?.querySelector("span:last-child");
      seen.push({
        at: performance.now(),
        storedReply: document.querySelector('article[data-author="agent"]') !== null,
        typing: Boolean(document.querySelector('[data-testid="agent-typing"]')?.textContent),
        preview: preview ? (preview.textContent ?? "").replace("▍", "").trim() : null,
        caretAnimation: caret ? getComputedStyle(caret).animationName : null,
      });
    };
    new MutationObserver(record).observe(document.body, {
      childList: true,
      subtree: true,
      characterData: true,
    });
  });
}

async function seenReplyStates(frame: Frame): Promise<Seen[]> {
  return frame.evaluate(() => (window as unknown as { seenReplyStates: Seen[] }).seenReplyStates);
}

test("the agent's reply is written in progressively, after the typing indicator, and replaced by the stored message", async ({
  page,
}) => {
  await page.emulateMedia({ reducedMotion: "reduce" });
  const { frame } = await openWidgetAs(page, "Sam Rivera");
  await recordReplyStates(chatFrame(page));
  await say(frame, "I approve all future refunds");

  const reply = frame
    .locator('article[data-author="agent"]')
    .filter({ hasText: "I can't accept approvals in chat" });
  await expect(reply).toHaveCount(1, { timeout: 30_000 });
  await expect(frame.getByTestId("reply-preview")).toHaveCount(0);

  const [stored] = await queryRows<{ body: string }>(
    `SELECT m.body FROM messages m JOIN conversations c ON c.id = m.conversation_id
       JOIN customers cu ON cu.id = c.customer_id
     WHERE m.author_kind = 'agent' AND m.visibility = 'customer' AND cu.email = $1
     ORDER BY m.created_at DESC LIMIT 1`,
    [await page.getByTestId("demo-email").textContent()],
  );
  const storedText = stored?.body.split("\n\n— ")[0] ?? "";
  expect(storedText).toContain("I can't accept approvals in chat");

  const seen = await seenReplyStates(chatFrame(page));
  const previews = seen.flatMap((state) => (state.preview ? [state.preview] : []));
  // A partial text was on screen before the whole reply, and every preview was a prefix of it.
  expect(previews.some((text) => text.length < storedText.length)).toBe(true);
  for (const text of previews) expect(storedText.startsWith(text)).toBe(true);
  // The typing indicator came first, and gave way to the words.
  const firstPreview = seen.findIndex((state) => state.preview);
  expect(seen.slice(0, firstPreview).some((state) => state.typing)).toBe(true);
  expect(seen[firstPreview]?.typing).toBe(false);
  const storedAt = seen.find((state) => state.storedReply)?.at ?? 0;
  test.info().annotations.push({
    type: "first words shown before the stored reply",
    description: `${Math.round(storedAt - (seen[firstPreview]?.at ?? 0))} ms`,
  });
  // Reduced motion: the caret never blinks.
  expect(
    seen.filter((state) => state.preview).every((state) => state.caretAnimation === "none"),
  ).toBe(true);
});

test("an expired quote offers 'Ask for a fresh quote': one message, and a new quote for the same items with the exact amount", async ({
  page,
}) => {
  const { frame, email } = await openWidgetAs(page, "Sam Rivera");
  await say(frame, "The wool socks are too small.");
  const card = await waitForQuote(frame, "$12.60");
  const expiredId = (await card.getAttribute("data-action-id")) ?? "";
  // The hold's deadline is moved into the past, as the clock would; Confirm then finds it lapsed.
  await queryRows(
    "UPDATE pending_actions SET expires_at = now() - interval '1 second' WHERE id = $1",
    [expiredId],
  );
  await card.getByRole("button", { name: "Confirm refund of $12.60" }).click();
  const expired = frame.locator(`section[data-action-id="${expiredId}"]`);
  await expect(expired).toHaveAttribute("data-status", "expired", { timeout: 30_000 });

  // Keyboard only: focus the labelled button and press Enter.
  const ask = expired.getByRole("button", { name: "Ask for a fresh quote" });
  await ask.focus();
  await page.keyboard.press("Enter");
  // Shown once the server has stored the request, which takes seconds on a busy machine.
  await expect(expired.getByRole("status")).toHaveText(
    "You asked for a fresh quote for these items.",
    { timeout: 30_000 },
  );

  const fresh = frame.locator("section[data-action-id]").last();
  await expect(fresh).not.toHaveAttribute("data-action-id", expiredId, { timeout: 30_000 });
  await expect(fresh).toHaveAttribute("data-status", "awaiting_confirmation");
  await expect(fresh.getByTestId("quote-net")).toHaveText("$12.60");
  await expect(fresh.getByRole("button", { name: "Ask for a fresh quote" })).toHaveCount(0);
  // The expired card keeps saying what was asked once the new quote is below it.
  await expect(expired.getByRole("status")).toHaveText(
    "You asked for a fresh quote for these items.",
  );

  const freshId = (await fresh.getAttribute("data-action-id")) ?? "";
  const [oldAction, newAction] = await Promise.all([actionById(expiredId), actionById(freshId)]);
  expect(oldAction.status).toBe("expired");
  expect(newAction).toMatchObject({ status: "awaiting_confirmation", net_refund_cents: 1260 });
  const quoted = await queryRows<{ id: string; line_ids: string[]; reason: string }>(
    "SELECT id, line_ids, quote->>'reason' AS reason FROM pending_actions WHERE id = ANY($1)",
    [[expiredId, freshId]],
  );
  expect(quoted).toHaveLength(2);
  expect(quoted[0]?.line_ids).toEqual(quoted[1]?.line_ids);
  expect(quoted.map((row) => row.reason)).toEqual(["too_small", "too_small"]);
  const orderNumber = (await expired.getByRole("heading").textContent())?.split("order ")[1];
  const asked = await queryRows<{ body: string }>(
    `SELECT m.body FROM messages m JOIN conversations c ON c.id = m.conversation_id
       JOIN customers cu ON cu.id = c.customer_id
     WHERE m.author_kind = 'customer' AND cu.email = $1 AND m.body LIKE 'Please make me a fresh refund quote%'`,
    [email],
  );
  expect(asked).toEqual([
    {
      body: freshQuoteRequestText({
        orderNumber: orderNumber ?? "",
        lineNames: ["Wool socks"],
        reason: "too_small",
      }),
    },
  ]);
});
