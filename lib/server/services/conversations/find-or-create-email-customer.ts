import "server-only";
import { normalEmailAddress } from "@/lib/domain/email-address";
import type { Customer, PrismaClient } from "@/lib/generated/prisma/client";
import { isUniqueViolation } from "@/lib/server/prisma-errors";

/*
 * The customer an email comes from. An address no account uses becomes a contact-only customer:
 * the conversation has someone to belong to, but no orders, so the agent can answer policy
 * questions and can act on no order (its tools only see the conversation customer's orders).
 * The address matches only itself: equality on the stored normal form, never a pattern.
 */
export async function findOrCreateEmailCustomer(
  db: PrismaClient,
  address: string,
  displayName?: string | null,
): Promise<Customer> {
  const email = normalEmailAddress(address);
  const find = () => db.customer.findUnique({ where: { email } });
  const existing = await find();
  if (existing) return existing;
  try {
    return await db.customer.create({
      data: {
        email,
        name: displayName?.trim() || email.split("@")[0] || email,
        contactOnly: true,
      },
    });
  } catch (error) {
    // The same stranger wrote twice at once: both get the one row.
    if (!isUniqueViolation(error)) throw error;
    const raced = await find();
    if (!raced) throw error;
    return raced;
  }
}
