import "server-only";
import { randomBytes } from "node:crypto";
import {
  DEMO_CHARGES,
  DEMO_CUSTOMERS,
  DEMO_ORDERS,
  daysAgo,
  demoChargeRow,
  demoLineRow,
  demoOrderRow,
} from "@/lib/demo/demo-world";
import { AppError } from "@/lib/errors/app-error";
import type { Prisma } from "@/lib/generated/prisma/client";
import { findDemoWorkspaceId } from "./demo-workspace";

export type DemoCustomer = { id: string; email: string; name: string };

/*
 * A fresh copy of one seeded customer with their orders and charges, dated from `now`, so a demo
 * story can be played in any order and any number of times: the seed's own rows are never
 * refunded by a demo. The copy keeps the seed's name, order numbers and charge references; its
 * email is plus-addressed (sam+demo-1a2b3c4d@example.com) because an email identifies a customer within its workspace.
 */
export async function provisionDemoCustomer(
  tx: Prisma.TransactionClient,
  input: { seedEmail: string; now: Date },
): Promise<DemoCustomer> {
  const seed = DEMO_CUSTOMERS.find((customer) => customer.email === input.seedEmail);
  if (!seed) throw new AppError("NOT_FOUND", `${input.seedEmail} is not a demo customer`);
  const [local, domain] = seed.email.split("@");
  // The copy is a customer of the demo shop, as the seeded one is, so that shop's widget opens it.
  const workspaceId = await findDemoWorkspaceId(tx);
  const customer = await tx.customer.create({
    data: {
      workspaceId,
      email: `${local}+demo-${randomBytes(4).toString("hex")}@${domain}`,
      name: seed.name,
      demoOf: seed.email,
      createdAt: daysAgo(input.now, 400),
    },
    select: { id: true, email: true, name: true },
  });
  const orderIds = new Map<string, string>();
  for (const order of DEMO_ORDERS.filter((row) => row.customerEmail === seed.email)) {
    const created = await tx.order.create({
      data: {
        customerId: customer.id,
        workspaceId,
        ...demoOrderRow(order, input.now),
        lines: {
          create: order.lines.map((line, position) => ({ position, ...demoLineRow(line) })),
        },
      },
      select: { id: true },
    });
    orderIds.set(order.number, created.id);
  }
  const charges = DEMO_CHARGES.filter((charge) => charge.customerEmail === seed.email);
  if (charges.length > 0) {
    await tx.charge.createMany({
      data: charges.map((charge) => ({
        customerId: customer.id,
        orderId: orderIds.get(charge.orderNumber) ?? null,
        ...demoChargeRow(charge, input.now),
      })),
    });
  }
  return customer;
}
