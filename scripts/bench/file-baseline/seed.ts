import type { PrismaClient } from "@/lib/generated/prisma/client";

/*
 * The data the file baseline serves from memory: the bench database's customers, orders, lines
 * and charges as one JSON document, read once after a seed. The baseline replays the model
 * answers our server got on that seed, whose line ids must resolve in the baseline too.
 */

export type FileBaselineLine = {
  lineId: string;
  name: string;
  category: string;
  quantity: number;
  unitPriceCents: number;
  finalSale: boolean;
  opened: boolean;
};

export type FileBaselineOrder = {
  orderId: string;
  orderNumber: string;
  currency: string;
  placedAt: string;
  deliveredAt: string | null;
  shippingCents: number;
  paymentMethodLabel: string;
  lines: FileBaselineLine[];
};

export type FileBaselineCustomer = {
  customerId: string;
  email: string;
  name: string;
  orders: FileBaselineOrder[];
  charges: { reference: string; amountCents: number; currency: string; description: string }[];
};

export type FileBaselineSeed = { customers: FileBaselineCustomer[] };

export async function snapshotSeed(prisma: PrismaClient): Promise<FileBaselineSeed> {
  const customers = await prisma.customer.findMany({
    orderBy: { email: "asc" },
    include: {
      orders: { orderBy: { number: "asc" }, include: { lines: { orderBy: { position: "asc" } } } },
      charges: { orderBy: { reference: "asc" } },
    },
  });
  return {
    customers: customers.map((customer) => ({
      customerId: customer.id,
      email: customer.email,
      name: customer.name,
      orders: customer.orders.map((order) => ({
        orderId: order.id,
        orderNumber: order.number,
        currency: order.currency,
        placedAt: order.placedAt.toISOString(),
        deliveredAt: order.deliveredAt?.toISOString() ?? null,
        shippingCents: order.shippingCents,
        paymentMethodLabel: order.paymentMethodLabel,
        lines: order.lines.map((line) => ({
          lineId: line.id,
          name: line.name,
          category: line.category,
          quantity: line.quantity,
          unitPriceCents: line.unitPriceCents,
          finalSale: line.finalSale,
          opened: line.opened,
        })),
      })),
      charges: customer.charges.map((charge) => ({
        reference: charge.reference,
        amountCents: charge.amountCents,
        currency: charge.currency,
        description: charge.description,
      })),
    })),
  };
}
