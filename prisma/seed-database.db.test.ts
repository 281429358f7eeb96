import { afterAll, beforeEach, describe, expect, it } from "vitest";
import { DEMO_CHARGES, DEMO_ORDERS } from "@/lib/demo/demo-world";
import { parseTemplate } from "@/lib/domain/saved-reply-template";
import { resetDatabase } from "@/tests/db/test-database";
import { testDatabaseClient } from "@/tests/support/test-database-hooks";
import { DEMO_SAVED_REPLIES, DEMO_STAFF, DEMO_WORKSPACE } from "./demo-data";
import { seedDatabase } from "./seed-database";

const prisma = testDatabaseClient();
const DAY_MS = 24 * 60 * 60 * 1000;

async function countRows() {
  return {
    customers: await prisma.customer.count(),
    orders: await prisma.order.count(),
    lines: await prisma.orderLine.count(),
    charges: await prisma.charge.count(),
    staff: await prisma.staffUser.count(),
  };
}

describe("seedDatabase", () => {
  beforeEach(() => resetDatabase(prisma));
  afterAll(() => prisma.$disconnect());

  it("creates exactly the scenario world", async () => {
    await seedDatabase(prisma);

    expect(await countRows()).toEqual({
      customers: 5,
      orders: DEMO_ORDERS.length,
      lines: 9,
      charges: DEMO_CHARGES.length,
      staff: DEMO_STAFF.length,
    });
    const roles = await prisma.staffUser.findMany({
      select: { role: true },
      orderBy: { role: "asc" },
    });
    expect(roles.map((user) => user.role)).toEqual(["agent", "approver", "admin"]);
    const priya = await prisma.order.findFirstOrThrow({
      where: { number: "A1066" },
      include: { lines: true },
    });
    expect(priya.shippingCents).toBe(995);
    expect(priya.lines.map((line) => [line.name, line.unitPriceCents, line.finalSale])).toEqual([
      ["Cast-iron skillet", 3500, false],
      ["Gift card", 5000, true],
    ]);
  });

  it("is idempotent, moves delivery dates with now and keeps changed passwords", async () => {
    const firstNow = new Date("2026-11-01T12:00:00Z");
    await seedDatabase(prisma, firstNow);
    const before = await countRows();
    await prisma.staffUser.update({
      where: { email: "admin@countersign.test" },
      data: { passwordHash: "changed-by-the-admin" },
    });

    const secondNow = new Date(firstNow.getTime() + 10 * DAY_MS);
    await seedDatabase(prisma, secondNow);

    expect(await countRows()).toEqual(before);
    const admin = await prisma.staffUser.findUniqueOrThrow({
      where: { email: "admin@countersign.test" },
    });
    expect(admin.passwordHash).toBe("changed-by-the-admin");
    const maya = await prisma.order.findFirstOrThrow({ where: { number: "A1043" } });
    expect(maya.deliveredAt?.getTime()).toBe(secondNow.getTime() - 6 * DAY_MS);
  });

  it("puts the demo world in the demo shop: its customers, orders, staff and support address", async () => {
    await seedDatabase(prisma, new Date(), " Help@Shop.example ");
    const shop = await prisma.workspace.findUniqueOrThrow({ where: { key: DEMO_WORKSPACE.key } });
    expect(shop.supportAddress).toBe("help@shop.example");
    expect(await prisma.customer.count({ where: { workspaceId: { not: shop.id } } })).toBe(0);
    expect(await prisma.order.count({ where: { workspaceId: shop.id } })).toBe(DEMO_ORDERS.length);
    const members = await prisma.workspaceMember.findMany({
      where: { workspaceId: shop.id },
      select: { staffUser: { select: { email: true } } },
    });
    expect(members.map((member) => member.staffUser.email).sort()).toEqual(
      DEMO_STAFF.map((staff) => staff.email).sort(),
    );

    // A support address changed since is the operator's: seeding again keeps it.
    await prisma.workspace.update({
      where: { id: shop.id },
      data: { supportAddress: "care@shop.example" },
    });
    await seedDatabase(prisma, new Date(), "help@shop.example");
    expect(
      (await prisma.workspace.findUniqueOrThrow({ where: { id: shop.id } })).supportAddress,
    ).toBe("care@shop.example");
    expect(await prisma.workspaceMember.count()).toBe(DEMO_STAFF.length);
  });

  it("gives the demo shop its shared saved replies once, each a valid template", async () => {
    await seedDatabase(prisma);
    await seedDatabase(prisma);
    const replies = await prisma.savedReply.findMany({ orderBy: { createdAt: "asc" } });
    expect(replies.map((reply) => [reply.title, reply.ownerId])).toEqual(
      DEMO_SAVED_REPLIES.map((reply) => [reply.title, null]),
    );
    for (const reply of replies) expect(parseTemplate(reply.body).ok, reply.title).toBe(true);
  });
});
