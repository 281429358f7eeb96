import { beforeEach, describe, expect, it } from "vitest";
import { signIdentityToken } from "@/lib/auth/widget-identity-token";
import { addTeamNote } from "@/lib/server/services/conversations/add-team-note";
import { assignConversation } from "@/lib/server/services/conversations/assign-conversation";
import { getConversationThread } from "@/lib/server/services/conversations/get-conversation-thread";
import { replyToCustomer } from "@/lib/server/services/conversations/reply-to-customer";
import { getCustomerProfile } from "@/lib/server/services/customers/get-customer-profile";
import { receiveInboundEmail } from "@/lib/server/services/email/receive-inbound-email";
import { inboxQuerySchema, listInbox } from "@/lib/server/services/inbox/list-inbox";
import { startEmailConversation } from "@/lib/server/services/intake/start-email-conversation";
import { countWorkQueueItems, listWorkQueue } from "@/lib/server/services/queues/list-work-queue";
import { takeOverConversation } from "@/lib/server/services/runs/take-over-conversation";
import { inviteStaff } from "@/lib/server/services/staff/invite-staff";
import { startWidgetSession } from "@/lib/server/services/widget/start-widget-session";
import { emptyTestDatabase } from "@/tests/support/test-database-hooks";
import { testUseCaseContext } from "@/tests/support/test-use-case-context";

process.env.LOG_LEVEL ??= "warn";

/*
 * Two shops on one deployment, each with a customer at the same address and an order of their
 * own, and a staff member each: nothing of one shop reaches the other through any door.
 */

const prisma = emptyTestDatabase();
const context = testUseCaseContext({ db: prisma });
const DEPLOYMENT_ADDRESS = "support@countersign.local";
const EMAIL = "jo@example.com";

type Shop = {
  key: string;
  workspaceId: string;
  identitySecret: string;
  customerId: string;
  orderNumber: string;
  staffUserId: string;
};

let shopA: Shop;
let shopB: Shop;

async function createShop(letter: "a" | "b", orderNumber: string): Promise<Shop> {
  const workspace = await prisma.workspace.create({
    data: {
      key: `shop-${letter}`,
      name: `Shop ${letter.toUpperCase()}`,
      identitySecret: letter.repeat(43),
      supportAddress: `help@shop-${letter}.example`,
    },
  });
  const customer = await prisma.customer.create({
    data: { workspaceId: workspace.id, email: EMAIL, name: `Jo of shop ${letter}` },
  });
  await prisma.order.create({
    data: {
      number: orderNumber,
      customerId: customer.id,
      workspaceId: workspace.id,
      placedAt: new Date("2026-11-01T00:00:00Z"),
      shippingCents: 500,
      paymentMethodLabel: "Visa ending 4242",
    },
  });
  const staff = await prisma.staffUser.create({
    data: {
      email: `agent@shop-${letter}.example`,
      name: `Agent ${letter}`,
      role: "agent",
      passwordHash: "not-a-hash",
      workspaces: { create: { workspaceId: workspace.id } },
    },
  });
  return {
    key: workspace.key,
    workspaceId: workspace.id,
    identitySecret: workspace.identitySecret,
    customerId: customer.id,
    orderNumber,
    staffUserId: staff.id,
  };
}

beforeEach(async () => {
  shopA = await createShop("a", "A-100");
  shopB = await createShop("b", "B-200");
});

const refusal = (promise: Promise<unknown>) =>
  promise.then(
    () => "opened",
    (error: { code?: string; extensions?: { reason?: string } }) =>
      error.extensions?.reason ?? error.code ?? "unexpected",
  );

const orderCheck = (shop: Shop, orderNumber: string, ip: string) =>
  startWidgetSession(
    { workspace: shop.key, method: "order_check", email: EMAIL, orderNumber, ip },
    context,
  );

async function tokenSession(widget: Shop, signedBy: Shop, customerId: string) {
  const token = await signIdentityToken({ customerId, email: EMAIL }, signedBy.identitySecret, {
    now: new Date(),
  });
  return startWidgetSession(
    { workspace: widget.key, method: "signed_token", token, ip: "203.0.113.9" },
    context,
  );
}

const sessionCustomer = async (conversationId: string) =>
  (await prisma.conversation.findUniqueOrThrow({ where: { id: conversationId } })).customerId;

function rawEmail(input: { to: string; messageId: string; inReplyTo?: string }): Buffer {
  return Buffer.from(
    [
      `From: Jo <${EMAIL}>`,
      `To: ${input.to}`,
      "Subject: Where is my parcel?",
      `Message-ID: ${input.messageId}`,
      ...(input.inReplyTo ? [`In-Reply-To: ${input.inReplyTo}`] : []),
      "Content-Type: text/plain; charset=utf-8",
      "",
      "Hello, my parcel has not arrived yet.",
      "",
    ].join("\r\n"),
  );
}

async function deliver(input: { to: string; messageId: string; inReplyTo?: string }) {
  const received = await receiveInboundEmail(
    { raw: rawEmail(input), via: "webhook", supportAddress: DEPLOYMENT_ADDRESS },
    context,
  );
  await received.completion;
  return received;
}

describe("two shops with one customer address", () => {
  it("open each shop's own customer by email and order number, and never the other's", async () => {
    const inA = await orderCheck(shopA, "A-100", "198.51.100.1");
    expect(await sessionCustomer(inA.conversationId)).toBe(shopA.customerId);
    const inB = await orderCheck(shopB, "B-200", "198.51.100.2");
    expect(await sessionCustomer(inB.conversationId)).toBe(shopB.customerId);
    expect(inB.conversationId).not.toBe(inA.conversationId);

    // Shop B's order number through shop A's widget is not found, and the other way round.
    expect(await refusal(orderCheck(shopA, "B-200", "198.51.100.3"))).toBe("NO_MATCH");
    expect(await refusal(orderCheck(shopB, "A-100", "198.51.100.4"))).toBe("NO_MATCH");
  });

  it("open a customer by identity token only with their own shop's secret at their own shop's widget", async () => {
    const inA = await tokenSession(shopA, shopA, shopA.customerId);
    expect(await sessionCustomer(inA.conversationId)).toBe(shopA.customerId);

    // Shop A's secret vouches for shop A's customers only, even at the same address.
    expect(await refusal(tokenSession(shopA, shopA, shopB.customerId))).toBe("TOKEN_INVALID");
    // Shop A's token is worth nothing at shop B's widget, nor shop B's at shop A's.
    expect(await refusal(tokenSession(shopB, shopA, shopA.customerId))).toBe("TOKEN_INVALID");
    expect(await refusal(tokenSession(shopB, shopA, shopB.customerId))).toBe("TOKEN_INVALID");
    expect(await refusal(tokenSession(shopA, shopB, shopA.customerId))).toBe("TOKEN_INVALID");
    const inB = await tokenSession(shopB, shopB, shopB.customerId);
    expect(await sessionCustomer(inB.conversationId)).toBe(shopB.customerId);
  });

  it("file inbound email under the customer of the shop it was addressed to", async () => {
    const toB = await deliver({ to: "Help@Shop-B.example", messageId: "<one@example.com>" });
    expect(await sessionCustomer(toB.conversationId)).toBe(shopB.customerId);
    expect(toB.contactOnly).toBe(false);
    const toA = await deliver({ to: "help@shop-a.example", messageId: "<two@example.com>" });
    expect(await sessionCustomer(toA.conversationId)).toBe(shopA.customerId);

    // A reply naming shop A's thread but sent to shop B stays in shop B.
    const crossed = await deliver({
      to: "help@shop-b.example",
      messageId: "<three@example.com>",
      inReplyTo: "<two@example.com>",
    });
    expect(crossed.threaded).toBe(false);
    expect(await sessionCustomer(crossed.conversationId)).toBe(shopB.customerId);
    const reply = await deliver({
      to: "help@shop-a.example",
      messageId: "<four@example.com>",
      inReplyTo: "<two@example.com>",
    });
    expect(reply).toMatchObject({ threaded: true, conversationId: toA.conversationId });

    // With two shops, the deployment's own mailbox names neither: the email is refused.
    await expect(
      deliver({ to: DEPLOYMENT_ADDRESS, messageId: "<five@example.com>" }),
    ).rejects.toMatchObject({ code: "WRONG_RECIPIENT" });
    expect(await prisma.customer.count({ where: { email: EMAIL } })).toBe(2);
  });

  it("make a stranger's contact in the shop they wrote to only", async () => {
    const raw = Buffer.from(
      [
        "From: Stranger <stranger@example.net>",
        "To: help@shop-a.example",
        "Subject: A question",
        "Message-ID: <stranger@example.net>",
        "",
        "Do you ship to Canada?",
        "",
      ].join("\r\n"),
    );
    const received = await receiveInboundEmail(
      { raw, via: "webhook", supportAddress: DEPLOYMENT_ADDRESS },
      context,
    );
    await received.completion;
    expect(received.contactOnly).toBe(true);
    expect(
      await prisma.customer.findMany({
        where: { email: "stranger@example.net" },
        select: { workspaceId: true, contactOnly: true },
      }),
    ).toEqual([{ workspaceId: shopA.workspaceId, contactOnly: true }]);
  });

  it("show each shop's staff only their own shop's conversations and customers", async () => {
    const inA = await orderCheck(shopA, "A-100", "198.51.100.5");
    const inB = await orderCheck(shopB, "B-200", "198.51.100.6");
    const inboxOf = async (staffUserId: string) =>
      (await listInbox({ ...inboxQuerySchema.parse({}), staffUserId }, context)).conversations.map(
        (row) => row.id,
      );
    expect(await inboxOf(shopA.staffUserId)).toEqual([inA.conversationId]);
    expect(await inboxOf(shopB.staffUserId)).toEqual([inB.conversationId]);
    // A search for the shared address finds only the searcher's own shop's conversation.
    const searched = await listInbox(
      { ...inboxQuerySchema.parse({ q: EMAIL }), staffUserId: shopA.staffUserId },
      context,
    );
    expect(searched.conversations.map((row) => row.id)).toEqual([inA.conversationId]);

    const thread = (conversationId: string, staffUserId: string) =>
      refusal(getConversationThread({ conversationId, staffUserId }, context));
    expect(await thread(inA.conversationId, shopA.staffUserId)).toBe("opened");
    expect(await thread(inB.conversationId, shopA.staffUserId)).toBe("NOT_FOUND");
    expect(await thread(inA.conversationId, shopB.staffUserId)).toBe("NOT_FOUND");

    // Shop B's conversation waits for a person: only shop B's work queue holds it.
    await prisma.conversation.update({
      where: { id: inB.conversationId },
      data: {
        needsPersonKind: "customer_needs_person",
        needsPersonReason: "Asked for a person.",
        needsPersonSince: new Date(),
      },
    });
    const flagged = async (staffUserId: string) => {
      const counts = await countWorkQueueItems({ staffUserId }, context);
      const page = await listWorkQueue({ queue: "needs_person", staffUserId }, context);
      return {
        count: counts.needs_person,
        ids: page.queue === "needs_person" ? page.conversations.map((row) => row.id) : null,
      };
    };
    expect(await flagged(shopA.staffUserId)).toEqual({ count: 0, ids: [] });
    expect(await flagged(shopB.staffUserId)).toEqual({ count: 1, ids: [inB.conversationId] });

    // What staff do to a ticket reaches their own shop's only.
    const agentA = { id: shopA.staffUserId, role: "agent" as const };
    const acts = {
      reply: () =>
        replyToCustomer(
          { conversationId: inB.conversationId, staffUserId: agentA.id, text: "Hello" },
          context,
        ),
      note: () =>
        addTeamNote({ conversationId: inB.conversationId, staff: agentA, text: "Hm" }, context),
      assign: () =>
        assignConversation(
          { conversationId: inB.conversationId, staff: agentA, assigneeId: agentA.id },
          context,
        ),
      takeOver: () =>
        takeOverConversation({ conversationId: inB.conversationId, staff: agentA }, context),
    };
    for (const [name, act] of Object.entries(acts)) {
      expect(await refusal(act()), name).toBe("NOT_FOUND");
    }
    expect(await prisma.message.count({ where: { conversationId: inB.conversationId } })).toBe(0);
    expect(
      await prisma.conversation.findUniqueOrThrow({
        where: { id: inB.conversationId },
        select: { assigneeId: true, humanOwnerId: true },
      }),
    ).toEqual({ assigneeId: null, humanOwnerId: null });
    expect(
      await refusal(
        addTeamNote({ conversationId: inA.conversationId, staff: agentA, text: "Hm" }, context),
      ),
    ).toBe("opened");
    // Nor can shop A's ticket go to shop B's agent, who does not see it; the picker offers shop A's.
    await expect(
      assignConversation(
        { conversationId: inA.conversationId, staff: agentA, assigneeId: shopB.staffUserId },
        context,
      ),
    ).rejects.toMatchObject({ code: "VALIDATION_FAILED" });
    const threadA = await getConversationThread(
      { conversationId: inA.conversationId, staffUserId: shopA.staffUserId },
      context,
    );
    expect(threadA.staff.map((member) => member.id)).toEqual([shopA.staffUserId]);

    const profile = (customerId: string, staffUserId: string) =>
      refusal(getCustomerProfile({ customerId, staffUserId }, context));
    expect(await profile(shopA.customerId, shopA.staffUserId)).toBe("opened");
    expect(await profile(shopB.customerId, shopA.staffUserId)).toBe("NOT_FOUND");
  });

  it("put a New email in its writer's shop, and refuse to guess a shop for the CLI", async () => {
    const email = { from: EMAIL, subject: "Parcel", body: "Where is my parcel?" };
    const started = await startEmailConversation(
      { ...email, staffUserId: shopB.staffUserId },
      context,
    );
    await started.completion;
    expect(await sessionCustomer(started.conversationId)).toBe(shopB.customerId);
    await expect(startEmailConversation(email, context)).rejects.toMatchObject({
      code: "CONFLICT",
      extensions: { reason: "WORKSPACE_AMBIGUOUS" },
    });
  });

  it("let an invited staff member see the shops of the admin who invited them, and no other", async () => {
    const admin = await prisma.staffUser.create({
      data: {
        email: "admin@shop-a.example",
        name: "Admin A",
        role: "admin",
        passwordHash: "not-a-hash",
        workspaces: { create: { workspaceId: shopA.workspaceId } },
      },
    });
    const { user } = await inviteStaff(
      {
        account: { email: "new@shop-a.example", name: "New Agent", role: "agent" },
        actor: { type: "staff", userId: admin.id, roles: ["admin"] },
        passwordLinks: {
          secret: "workspace-isolation-link-secret-000",
          appUrl: "http://localhost",
        },
      },
      context,
    );
    const memberships = await prisma.workspaceMember.findMany({
      where: { staffUserId: user.id },
      select: { workspaceId: true },
    });
    expect(memberships).toEqual([{ workspaceId: shopA.workspaceId }]);
  });
});
