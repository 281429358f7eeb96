import { expect, type FrameLocator, type Page, test } from "@playwright/test";
import { knownSentence } from "../lib/domain/catalogs/known-sentences";
import { WIDGET_CATALOGS } from "../lib/domain/catalogs/widget";
import { translator } from "../lib/domain/i18n";
import { formatMoneyIn, type Language } from "../lib/domain/languages";
import { queryRows } from "./support/e2e-database";
import { signedInContext } from "./support/staff-pages";
import { postFromPage } from "./support/staff-session";
import { actionById, auditEvents, refundsOf } from "./support/widget";

/*
 * Stories 4, 5 and 8 of the scenarios played in the widget by a shopper whose browser prefers
 * Spanish, German or Japanese: the same amounts as in English, the quote card and its buttons in
 * their language, consent in their own words or with the button, and the outcome told to them
 * in their language.
 */

test.describe.configure({ timeout: 150_000 });

type Story = {
  locale: string;
  jacket: string;
  socks: string;
  yes: string;
  yesButFirst: string;
  goAhead: string;
};

const STORIES: Record<"es" | "de" | "ja", Story> = {
  es: {
    locale: "es-ES",
    jacket: "Hola, la Rain jacket que pedí me queda grande.",
    socks: "Hola, los Wool socks me quedan pequeños.",
    yes: "Sí, adelante",
    yesButFirst: "Sí, pero primero, ¿cuál es su política de reembolso?",
    goAhead: "Vale, adelante",
  },
  de: {
    locale: "de-DE",
    jacket: "Hallo, die Rain jacket, die ich bestellt habe, ist mir zu groß.",
    socks: "Hallo, die Wool socks sind mir zu klein.",
    yes: "Ja, bitte",
    yesButFirst: "Ja, aber zuerst: Wie lauten Ihre Rückgaberichtlinien?",
    goAhead: "Okay, weiter",
  },
  ja: {
    locale: "ja-JP",
    jacket: "こんにちは、注文したRain jacketが大きすぎました。",
    socks: "Wool socksが小さすぎました。",
    yes: "はい、お願いします",
    yesButFirst: "はい、でもその前に返品ポリシーを教えてください？",
    goAhead: "続けてください",
  },
};

for (const [language, story] of Object.entries(STORIES) as [keyof typeof STORIES, Story][]) {
  test.describe(`in ${language}`, () => {
    test.use({ locale: story.locale });
    const t = translator(WIDGET_CATALOGS, language);
    const money = (cents: number) => formatMoneyIn(language, cents, "USD");

    /** Sam's shop page on /demo, his chat opened from the launcher in his language. */
    async function openSamsChat(page: Page): Promise<FrameLocator> {
      await page.goto("/demo");
      await page.getByRole("button", { name: "Shop as Sam Rivera" }).click();
      await page.getByRole("button", { name: t("launcher_open") }).click();
      const frame = page.frameLocator(`iframe[title="${t("launcher_frame_title")}"]`);
      await expect(frame.getByLabel(t("message_label"))).toBeVisible({ timeout: 30_000 });
      return frame;
    }

    async function say(frame: FrameLocator, text: string) {
      const box = frame.getByLabel(t("message_label"));
      await box.fill(text);
      await frame.getByRole("button", { name: t("send") }).click();
      await expect(box).toHaveValue("");
    }

    async function quoteFor(frame: FrameLocator, cents: number) {
      const card = frame.locator("section[data-action-id]").last();
      await expect(card).toHaveAttribute("data-status", "awaiting_confirmation", {
        timeout: 30_000,
      });
      await expect(card.getByTestId("quote-net")).toHaveText(money(cents));
      return card;
    }

    test(`story 4: the ${money(8010)} quote confirmed with the button, approved, refunded once`, async ({
      page,
      browser,
    }) => {
      const frame = await openSamsChat(page);
      await say(frame, story.jacket);
      const card = await quoteFor(frame, 8010);
      await expect(card).toContainText("Rain jacket");
      await card
        .getByRole("button", { name: t("confirm_refund", { amount: money(8010) }) })
        .click();
      await expect(card).toHaveAttribute("data-status", "awaiting_approval", { timeout: 30_000 });
      const action = await actionById((await card.getAttribute("data-action-id")) ?? "");
      expect(await refundsOf(action.id)).toEqual([]);

      const approver = await signedInContext(browser, "approver");
      const decided = await postFromPage(approver.page, `/api/approvals/${action.id}/decision`, {
        decision: "approve",
        quoteHash: action.quote_hash,
      });
      expect(decided.status, JSON.stringify(decided.body)).toBe(200);
      await approver.context.close();

      await expect(card).toHaveAttribute("data-status", "executed", { timeout: 30_000 });
      await expect(card.getByTestId("quote-status")).toHaveText(
        t("refund_paid", { amount: money(8010), target: "Amex •0005" }),
      );
      expect(await refundsOf(action.id)).toEqual([{ amount_cents: 8010, target: "Amex •0005" }]);
    });

    test(`story 5: ${money(1260)} confirmed in the customer's own words, refunded with no approver`, async ({
      page,
    }) => {
      const frame = await openSamsChat(page);
      await say(frame, story.socks);
      const card = await quoteFor(frame, 1260);
      await say(frame, story.yes);
      await expect(card).toHaveAttribute("data-status", "executed", { timeout: 30_000 });
      // The outcome, told by the agent in the customer's language and by the card.
      await expect(
        frame
          .locator('article[data-author="agent"]')
          .filter({ hasText: money(1260) })
          .last(),
      ).toBeVisible({ timeout: 30_000 });
      await expect(card.getByTestId("quote-status")).toHaveText(
        t("refund_paid", { amount: money(1260), target: "Amex •0005" }),
      );
      const action = await actionById((await card.getAttribute("data-action-id")) ?? "");
      expect(await refundsOf(action.id)).toEqual([{ amount_cents: 1260, target: "Amex •0005" }]);
      const kinds = (await auditEvents(action.conversation_id)).map((event) => event.kind);
      expect(kinds).not.toContain("pending_action.approved");
      const [conversation] = await queryRows<{ language: string }>(
        "SELECT language FROM conversations WHERE id = $1",
        [action.conversation_id],
      );
      expect(conversation?.language).toBe(language);
    });

    test("story 8: a yes with a question pauses the quote, the policy answers, go ahead and yes pay", async ({
      page,
    }) => {
      const frame = await openSamsChat(page);
      await say(frame, story.socks);
      const card = await quoteFor(frame, 1260);
      await say(frame, story.yesButFirst);
      await expect(card).toHaveAttribute("data-status", "suspended", { timeout: 30_000 });
      await expect(
        frame
          .locator('article[data-author="agent"]')
          .filter({ hasText: knownSentence(language as Language, "policy_intro") })
          .last(),
      ).toBeVisible({ timeout: 30_000 });
      const action = await actionById((await card.getAttribute("data-action-id")) ?? "");
      expect(await refundsOf(action.id)).toEqual([]);

      await say(frame, story.goAhead);
      await expect(card).toHaveAttribute("data-status", "awaiting_confirmation", {
        timeout: 30_000,
      });
      await say(frame, story.yes);
      await expect(card).toHaveAttribute("data-status", "executed", { timeout: 30_000 });
      expect(await refundsOf(action.id)).toEqual([{ amount_cents: 1260, target: "Amex •0005" }]);
    });
  });
}
