import { describe, expect, it } from "vitest";
import { createOfflineAgent } from "@/lib/agent/model/offline-agent";
import { beginStory } from "@/tests/support/story-harness";
import { seededTestDatabase } from "@/tests/support/test-database-hooks";
import { testUseCaseContext } from "@/tests/support/test-use-case-context";
import { getCustomerProfile } from "./get-customer-profile";

const prisma = seededTestDatabase();
const context = testUseCaseContext({ db: prisma });
const provider = createOfflineAgent();

describe("getCustomerProfile", () => {
  it("shows Sam's orders with each line's refund state after the socks refund (story 5)", async () => {
    const story = await beginStory(prisma, provider, "small-refund");
    await story.say("yes");
    const sam = await prisma.customer.findFirstOrThrow({ where: { email: "sam@example.com" } });
    const profile = await getCustomerProfile({ customerId: sam.id, everyWorkspace: true }, context);
    expect(profile.customer).toMatchObject({ name: "Sam Rivera", email: "sam@example.com" });
    expect(profile.conversations.map((c) => c.id)).toEqual([story.conversationId]);
    const b2001 = profile.orders.find((order) => order.number === "B2001");
    expect(b2001?.lines.map((line) => [line.name, line.refundState, line.refundedCents])).toEqual([
      ["Rain jacket", "not_refunded", 0],
      ["Wool socks", "refunded", 1260],
    ]);
    expect(profile.refunds).toEqual([
      expect.objectContaining({
        orderNumber: "B2001",
        amountCents: 1260,
        target: "Amex •0005",
        conversationId: story.conversationId,
        lines: [{ name: "Wool socks", quantity: 1, amountCents: 1260 }],
      }),
    ]);
  });

  it("lists Priya's gift card as final sale and Ana's disputes with the ledger amount", async () => {
    const priya = await prisma.customer.findFirstOrThrow({
      where: { email: "priya@example.com" },
    });
    const lines =
      (await getCustomerProfile({ customerId: priya.id, everyWorkspace: true }, context)).orders[0]
        ?.lines ?? [];
    expect(lines.map((line) => line.refundState)).toEqual(["not_refunded", "final_sale"]);

    await beginStory(prisma, provider, "billing-dispute");
    const ana = await prisma.customer.findFirstOrThrow({ where: { email: "ana@example.com" } });
    const profile = await getCustomerProfile({ customerId: ana.id, everyWorkspace: true }, context);
    expect(profile.disputes.map((d) => [d.chargeReferences, d.amountCents])).toEqual([
      [["CH-88302", "CH-88301"], 11998],
    ]);
    expect(profile.charges.map((charge) => charge.reference).sort()).toEqual([
      "CH-88301",
      "CH-88302",
      "CH-88310",
    ]);
  });

  it("answers NOT_FOUND for an unknown customer", async () => {
    await expect(
      getCustomerProfile({ customerId: "nobody", everyWorkspace: true }, context),
    ).rejects.toThrow("No such customer");
  });
});
