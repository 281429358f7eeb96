import { describe, expect, it } from "vitest";
import { savedViewFilterSchema } from "@/lib/domain/saved-view-filter";
import { tagConversation } from "@/lib/server/services/tags/tag-conversation";
import { seededTestDatabase } from "@/tests/support/test-database-hooks";
import { testUseCaseContext } from "@/tests/support/test-use-case-context";
import { listSavedViews } from "./list-saved-views";
import { createSavedView, deleteSavedView, renameSavedView } from "./save-saved-view";

const prisma = seededTestDatabase();
const context = () => testUseCaseContext({ db: prisma });

async function staff<R extends "agent" | "approver" | "admin">(role: R, email?: string) {
  const seeded = await prisma.staffUser.findFirstOrThrow({ where: { role } });
  if (!email) return { id: seeded.id, role, name: seeded.name };
  const member = await prisma.workspaceMember.findFirstOrThrow({
    where: { staffUserId: seeded.id },
  });
  const user = await prisma.staffUser.create({
    data: {
      email,
      name: email,
      role,
      passwordHash: "x",
      workspaces: { create: { workspaceId: member.workspaceId } },
    },
  });
  return { id: user.id, role, name: user.name };
}

async function taggedConversations(
  names: string[],
  tag: string,
  taggedBy: { id: string; role: "agent" },
) {
  const customer = await prisma.customer.findFirstOrThrow({ where: { email: "maya@example.com" } });
  for (const subject of names) {
    const conversation = await prisma.conversation.create({
      data: { channel: "chat", customerId: customer.id, subject },
    });
    await tagConversation(
      { conversationId: conversation.id, staff: taggedBy, name: tag },
      context(),
    );
  }
}

const filter = (input: unknown) => savedViewFilterSchema.parse(input);

describe("saved views", () => {
  it("show the team a shared view with its count, and a personal one to its owner only", async () => {
    const pat = await staff("agent");
    const sam = await staff("agent", "sam@example.com");
    await taggedConversations(["Dispute one", "Dispute two"], "dispute-opened", pat);

    await createSavedView(
      { staff: pat, name: "Disputes", shared: true, filter: filter({ tags: ["dispute-opened"] }) },
      context(),
    );
    await createSavedView(
      { staff: pat, name: "Mine", shared: false, filter: filter({ assignee: "me" }) },
      context(),
    );

    const forSam = await listSavedViews({ staff: sam }, context());
    expect(forSam.map((view) => [view.name, view.count, view.canManage])).toEqual([
      ["Disputes", { count: 2, capped: false }, false],
    ]);
    const forPat = await listSavedViews({ staff: pat }, context());
    expect(forPat.map((view) => [view.name, view.canManage])).toEqual([
      ["Disputes", true],
      ["Mine", true],
    ]);
    const created = await prisma.auditEvent.count({ where: { kind: "saved_view.created" } });
    expect(created).toBe(2);
  });

  it("let the owner and an admin rename or delete a shared view, and refuse anyone else", async () => {
    const pat = await staff("agent");
    const sam = await staff("agent", "sam2@example.com");
    const admin = await staff("admin");
    const { id } = await createSavedView(
      {
        staff: pat,
        name: "Refund failures",
        shared: true,
        filter: filter({ tags: ["refund-failed"] }),
      },
      context(),
    );

    await expect(
      renameSavedView({ staff: sam, viewId: id, name: "Mine now" }, context()),
    ).rejects.toMatchObject({ code: "FORBIDDEN" });
    await expect(deleteSavedView({ staff: sam, viewId: id }, context())).rejects.toMatchObject({
      code: "FORBIDDEN",
    });

    await renameSavedView({ staff: pat, viewId: id, name: "Failed refunds" }, context());
    await deleteSavedView({ staff: admin, viewId: id }, context());
    expect(await prisma.savedView.count({ where: { id } })).toBe(0);
    const events = await prisma.auditEvent.findMany({
      where: { subjectId: id },
      orderBy: { id: "asc" },
      select: { kind: true, actorId: true },
    });
    expect(events).toEqual([
      { kind: "saved_view.created", actorId: pat.id },
      { kind: "saved_view.renamed", actorId: pat.id },
      { kind: "saved_view.deleted", actorId: admin.id },
    ]);
  });

  it("hide a personal view from an admin too: it does not exist for them", async () => {
    const pat = await staff("agent");
    const admin = await staff("admin");
    const { id } = await createSavedView(
      { staff: pat, name: "Private", shared: false, filter: filter({}) },
      context(),
    );
    expect(
      (await listSavedViews({ staff: admin }, context())).map((view) => view.id),
    ).not.toContain(id);
    await expect(deleteSavedView({ staff: admin, viewId: id }, context())).rejects.toMatchObject({
      code: "NOT_FOUND",
    });
  });
});
