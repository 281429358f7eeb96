import { randomBytes } from "node:crypto";
import bcrypt from "bcryptjs";
import {
  DEMO_CHARGES,
  DEMO_CUSTOMERS,
  DEMO_ORDERS,
  daysAgo,
  demoChargeRow,
  demoLineRow,
  demoOrderRow,
} from "../lib/demo/demo-world";
import { normalEmailAddress } from "../lib/domain/email-address";
import type { PrismaClient } from "../lib/generated/prisma/client";
import { DEMO_SAVED_REPLIES, DEMO_STAFF, DEMO_WORKSPACE } from "./demo-data";

/** The deployment's mailbox when SUPPORT_EMAIL_ADDRESS is unset (lib/server/env.ts). */
export const DEFAULT_SUPPORT_ADDRESS = "support@countersign.local";

export type SeedSummary = {
  customers: number;
  orders: number;
  lines: number;
  charges: number;
  staff: number;
};

// Idempotent: natural keys (emails, order numbers, charge references, line positions) are upserted,
// delivery dates move with `now`, and existing staff passwords are never overwritten.
export async function seedDatabase(
  prisma: PrismaClient,
  now: Date = new Date(),
  supportAddress: string = DEFAULT_SUPPORT_ADDRESS,
): Promise<SeedSummary> {
  // The secret is made once: re-seeding must not invalidate tokens the shop already signs. The
  // demo shop's support address is the deployment's mailbox, set once and never overwritten.
  const workspace = await prisma.workspace.upsert({
    where: { key: DEMO_WORKSPACE.key },
    create: {
      key: DEMO_WORKSPACE.key,
      name: DEMO_WORKSPACE.name,
      identitySecret: randomBytes(32).toString("base64url"),
      supportAddress: normalEmailAddress(supportAddress),
    },
    update: {},
  });
  await prisma.workspace.updateMany({
    where: { id: workspace.id, supportAddress: null },
    data: { supportAddress: normalEmailAddress(supportAddress) },
  });
  // The seeded customers are the demo shop's.
  const customerIds = new Map<string, string>();
  for (const customer of DEMO_CUSTOMERS) {
    const row = await prisma.customer.upsert({
      where: { workspaceId_email: { workspaceId: workspace.id, email: customer.email } },
      create: {
        email: customer.email,
        name: customer.name,
        workspaceId: workspace.id,
        createdAt: daysAgo(now, 400),
      },
      update: { name: customer.name },
    });
    customerIds.set(customer.email, row.id);
  }

  const orderIds = new Map<string, string>();
  let lines = 0;
  for (const order of DEMO_ORDERS) {
    const customerId = requireId(customerIds, order.customerEmail);
    const fields = { customerId, workspaceId: workspace.id, ...demoOrderRow(order, now) };
    const row = await prisma.order.upsert({
      where: { customerId_number: { customerId, number: order.number } },
      create: fields,
      update: fields,
    });
    orderIds.set(order.number, row.id);
    for (const [position, line] of order.lines.entries()) {
      const fields = demoLineRow(line);
      await prisma.orderLine.upsert({
        where: { orderId_position: { orderId: row.id, position } },
        create: { orderId: row.id, position, ...fields },
        update: fields,
      });
      lines += 1;
    }
  }

  for (const charge of DEMO_CHARGES) {
    const customerId = requireId(customerIds, charge.customerEmail);
    const fields = {
      customerId,
      orderId: requireId(orderIds, charge.orderNumber),
      ...demoChargeRow(charge, now),
    };
    await prisma.charge.upsert({
      where: { customerId_reference: { customerId, reference: charge.reference } },
      create: fields,
      update: fields,
    });
  }

  // Every demo staff user works the demo shop.
  for (const staff of DEMO_STAFF) {
    const existing = await prisma.staffUser.findUnique({ where: { email: staff.email } });
    const staffUser =
      existing ??
      (await prisma.staffUser.create({
        data: {
          email: staff.email,
          name: staff.name,
          role: staff.role,
          passwordHash: await bcrypt.hash(staff.password, 10),
        },
      }));
    await prisma.workspaceMember.upsert({
      where: {
        workspaceId_staffUserId: { workspaceId: workspace.id, staffUserId: staffUser.id },
      },
      create: { workspaceId: workspace.id, staffUserId: staffUser.id },
      update: {},
    });
  }

  // The team's shared saved replies, written by the demo admin; one the team archived or changed
  // is left as they left it.
  const admin = await prisma.staffUser.findUniqueOrThrow({
    where: { email: requireAdmin().email },
  });
  for (const reply of DEMO_SAVED_REPLIES) {
    const existing = await prisma.savedReply.findFirst({
      where: { workspaceId: workspace.id, ownerId: null, title: reply.title },
    });
    if (existing) continue;
    await prisma.savedReply.create({
      data: {
        workspaceId: workspace.id,
        title: reply.title,
        body: reply.body,
        createdById: admin.id,
        updatedById: admin.id,
      },
    });
  }

  return {
    customers: DEMO_CUSTOMERS.length,
    orders: DEMO_ORDERS.length,
    lines,
    charges: DEMO_CHARGES.length,
    staff: DEMO_STAFF.length,
  };
}

function requireAdmin(): (typeof DEMO_STAFF)[number] {
  const admin = DEMO_STAFF.find((staff) => staff.role === "admin");
  if (!admin) throw new Error("The demo staff have no admin");
  return admin;
}

function requireId(ids: Map<string, string>, key: string): string {
  const id = ids.get(key);
  if (!id) throw new Error(`Seed data refers to unknown key ${key}`);
  return id;
}
