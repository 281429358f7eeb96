import { describe, expect, it } from "vitest";
import { AGENT_ACTOR } from "@/lib/domain/actor";
import { flagForPerson } from "@/lib/server/services/conversations/flag-for-person";
import { inboxQuerySchema, listInbox } from "@/lib/server/services/inbox/list-inbox";
import { proposeMayaRefund } from "@/tests/support/propose-maya-refund";
import { seededTestDatabase } from "@/tests/support/test-database-hooks";
import { testUseCaseContext } from "@/tests/support/test-use-case-context";
import { listConversationTags } from "./list-conversation-tags";
import { tagConversation, untagConversation } from "./tag-conversation";
import { listTagRules, switchTagRule } from "./tag-rule-switches";

const prisma = seededTestDatabase();
const context = () => testUseCaseContext({ db: prisma });

async function newConversation(subject: string) {
  const customer = await prisma.customer.findFirstOrThrow({
    where: { email: "maya@example.com" },
  });
  const conversation = await prisma.conversation.create({
    data: { channel: "chat", customerId: customer.id, subject },
  });
  return conversation.id;
}

const flag = (conversationId: string, reason: string) =>
  prisma.$transaction((tx) =>
    flagForPerson(tx, {
      conversationId,
      flag: { kind: "agent_could_not_reply", reason },
      actor: AGENT_ACTOR,
      now: new Date(),
    }),
  );

const tagNames = async (conversationId: string) =>
  (
    await prisma.conversationTag.findMany({
      where: { conversationId },
      select: { tag: { select: { name: true } } },
    })
  )
    .map((link) => link.tag.name)
    .sort();

const taggedEvents = (conversationId: string) =>
  prisma.auditEvent.findMany({
    where: { conversationId, kind: { in: ["conversation.tagged", "conversation.untagged"] } },
    orderBy: { id: "asc" },
    select: { kind: true, actorKind: true, actorId: true, payload: true },
  });

const staff = async (role: "agent" | "approver" | "admin") => {
  const user = await prisma.staffUser.findFirstOrThrow({ where: { role } });
  return { id: user.id, role };
};

describe("tag rules", () => {
  it("tag the conversation in the transaction that appends the event, and once however often it fires", async () => {
    const conversationId = await newConversation("Hand-off twice");
    await flag(conversationId, "The agent had nothing it could send.");
    await flag(conversationId, "The model server refused the request.");

    expect(await tagNames(conversationId)).toEqual(["needs-a-person"]);
    const events = await taggedEvents(conversationId);
    expect(events).toEqual([
      {
        kind: "conversation.tagged",
        actorKind: "system",
        actorId: null,
        payload: expect.objectContaining({ tag: "needs-a-person", rule: "needs_person" }),
      },
    ]);
  });

  it("leave no tag and no tag event when the transaction that fired them rolls back", async () => {
    const conversationId = await newConversation("Rolled back");
    await expect(
      prisma.$transaction(async (tx) => {
        await flagForPerson(tx, {
          conversationId,
          flag: { kind: "agent_could_not_reply", reason: "Nothing to send." },
          actor: AGENT_ACTOR,
          now: new Date(),
        });
        throw new Error("the work after the event failed");
      }),
    ).rejects.toThrow("the work after the event failed");

    expect(await tagNames(conversationId)).toEqual([]);
    expect(await taggedEvents(conversationId)).toEqual([]);
  });

  it("tag a refund proposed for a merchant-fault reason", async () => {
    const { conversationId } = await proposeMayaRefund(prisma, "chat", context());
    expect(await tagNames(conversationId)).toContain("merchant-fault");
    const created = await prisma.auditEvent.findFirstOrThrow({
      where: { conversationId, kind: "pending_action.created" },
    });
    expect(created.payload).toMatchObject({ reason: "damaged", merchantFault: true });
  });
});

describe("switching tag rules", () => {
  it("a rule an admin switched off tags nothing until it is switched on again; each switch is audited once", async () => {
    const admin = await staff("admin");
    const [workspace] = await listTagRules({ staffUserId: admin.id }, context());
    const workspaceId = workspace?.workspaceId ?? "";
    const off = await switchTagRule(
      { staff: admin, workspaceId, rule: "needs_person", enabled: false },
      context(),
    );
    await switchTagRule(
      { staff: admin, workspaceId, rule: "needs_person", enabled: false },
      context(),
    );
    expect(off.workspaces[0]?.rules.find((rule) => rule.id === "needs_person")?.enabled).toBe(
      false,
    );
    await expect(
      switchTagRule(
        { staff: admin, workspaceId: "another-shop", rule: "needs_person", enabled: false },
        context(),
      ),
    ).rejects.toMatchObject({ code: "NOT_FOUND" });

    const quiet = await newConversation("While the rule was off");
    await flag(quiet, "Nothing to send.");
    expect(await tagNames(quiet)).toEqual([]);

    await switchTagRule(
      { staff: admin, workspaceId, rule: "needs_person", enabled: true },
      context(),
    );
    const loud = await newConversation("After it came back on");
    await flag(loud, "Nothing to send.");
    expect(await tagNames(loud)).toEqual(["needs-a-person"]);

    const switches = await prisma.auditEvent.findMany({
      where: { kind: "tag_rule.switched" },
      orderBy: { id: "asc" },
      select: { payload: true, actorId: true },
    });
    expect(switches.map((event) => event.payload)).toEqual([
      expect.objectContaining({ rule: "needs_person", enabled: false }),
      expect.objectContaining({ rule: "needs_person", enabled: true }),
    ]);
    expect(
      (await listTagRules({ staffUserId: admin.id }, context())).every((shop) =>
        shop.rules.every((rule) => rule.enabled),
      ),
    ).toBe(true);
  });
});

describe("tagging by hand", () => {
  it("adds a tag under any case of its name once, removes it, and audits who did each", async () => {
    const conversationId = await newConversation("Cracked carafe");
    const pat = await staff("agent");

    await tagConversation({ conversationId, staff: pat, name: "Damaged item" }, context());
    const again = await tagConversation(
      { conversationId, staff: pat, name: "damaged  ITEM" },
      context(),
    );
    expect(again.tags.map((tag) => tag.name)).toEqual(["Damaged item"]);
    expect(await prisma.tag.count({ where: { key: "damaged item" } })).toBe(1);

    const [tag] = again.tags;
    const removed = await untagConversation(
      { conversationId, staff: pat, tagId: tag?.id ?? "" },
      context(),
    );
    expect(removed.tags).toEqual([]);
    await untagConversation({ conversationId, staff: pat, tagId: tag?.id ?? "" }, context());

    expect(await taggedEvents(conversationId)).toEqual([
      {
        kind: "conversation.tagged",
        actorKind: "staff",
        actorId: pat.id,
        payload: expect.objectContaining({ tag: "Damaged item", rule: null }),
      },
      {
        kind: "conversation.untagged",
        actorKind: "staff",
        actorId: pat.id,
        payload: expect.objectContaining({ tag: "Damaged item" }),
      },
    ]);
    // The workspace keeps the tag to suggest it next time.
    const listed = await listConversationTags({ conversationId, staffUserId: pat.id }, context());
    expect(listed.workspaceTags.map((workspaceTag) => workspaceTag.name)).toContain("Damaged item");
  });

  it("does not tag a ticket outside the staff user's workspaces", async () => {
    const conversationId = await newConversation("Elsewhere");
    const outsider = await prisma.staffUser.create({
      data: { email: "outsider@example.com", name: "Outsider", role: "admin", passwordHash: "x" },
    });
    await expect(
      tagConversation(
        { conversationId, staff: { id: outsider.id, role: "admin" }, name: "vip" },
        context(),
      ),
    ).rejects.toMatchObject({ code: "NOT_FOUND" });
    expect(await tagNames(conversationId)).toEqual([]);
  });
});

describe("the inbox's tag filter", () => {
  it("lists exactly the conversations that carry every tag asked for, in any case", async () => {
    const pat = await staff("agent");
    const both = await newConversation("Both tags");
    const one = await newConversation("One tag");
    await newConversation("No tag");
    for (const name of ["vip", "Fragile"]) {
      await tagConversation({ conversationId: both, staff: pat, name }, context());
    }
    await tagConversation({ conversationId: one, staff: pat, name: "vip" }, context());

    const list = async (tag: string[]) =>
      (
        await listInbox({ staffUserId: pat.id, ...inboxQuerySchema.parse({ tag }) }, context())
      ).conversations
        .map((conversation) => conversation.subject)
        .sort();
    expect(await list(["VIP"])).toEqual(["Both tags", "One tag"]);
    expect(await list(["vip", "fragile"])).toEqual(["Both tags"]);
    expect(await list(["nobody-uses-this"])).toEqual([]);

    const page = await listInbox(
      { staffUserId: pat.id, ...inboxQuerySchema.parse({ tag: "Fragile" }) },
      context(),
    );
    expect(page.filtered).toBe(true);
    expect(page.conversations[0]?.tags.map((tag) => tag.name).sort()).toEqual(["Fragile", "vip"]);
  });
});
