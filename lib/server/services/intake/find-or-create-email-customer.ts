import "server-only";
import { normalEmailAddress } from "@/lib/domain/email-address";
import type { Customer, Prisma } from "@/lib/generated/prisma/client";

/*
 * The customer an email comes from, in the workspace it was written to: the same address in two
 * shops is two customers, and a sender never reaches another shop's account. An address no
 * account of this workspace uses becomes a contact-only customer of it: the conversation has
 * someone to belong to, but no orders, so the agent can answer policy questions and can act on
 * no order (its tools only see the conversation customer's orders). The address matches only
 * itself: equality on the stored normal form, never a pattern.
 *
 * Written in the caller's transaction, so a stranger's row exists only if their email was stored.
 * ON CONFLICT DO NOTHING rather than a caught unique violation, which would abort the transaction:
 * when the same stranger writes twice at once, the second waits for the first and reads its row.
 */
export async function findOrCreateEmailCustomer(
  tx: Prisma.TransactionClient,
  input: { workspaceId: string; address: string; displayName?: string | null | undefined },
): Promise<Customer> {
  const email = normalEmailAddress(input.address);
  const key = { workspaceId_email: { workspaceId: input.workspaceId, email } };
  const existing = await tx.customer.findUnique({ where: key });
  if (existing) return existing;
  await tx.customer.createMany({
    data: [
      {
        workspaceId: input.workspaceId,
        email,
        name: input.displayName?.trim() || email.split("@")[0] || email,
        contactOnly: true,
      },
    ],
    skipDuplicates: true,
  });
  return tx.customer.findUniqueOrThrow({ where: key });
}
