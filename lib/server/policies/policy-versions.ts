import "server-only";
import {
  policyDocumentSchema,
  policyVersionLabel,
  type RefundPolicy,
} from "@/lib/domain/policy-document";
import { POLICY_V1 } from "@/lib/domain/policy-v1";
import { AppError } from "@/lib/errors/app-error";
import type { Prisma, PrismaClient } from "@/lib/generated/prisma/client";

type Db = PrismaClient | Prisma.TransactionClient;

/*
 * Which refund policy applies. A workspace with no published rows applies the built-in v1; once
 * it has rows, the one in force at a moment is the highest-numbered published version whose
 * window holds that moment. Published rows never change, so one read by label is cached.
 */

const published = new Map<string, RefundPolicy>();

function storedPolicy(row: { number: number | null; document: unknown }): RefundPolicy {
  if (row.number === null) throw new Error("A draft is not a policy in force");
  const parsed = policyDocumentSchema.safeParse(row.document);
  if (!parsed.success) {
    // Failing closed: a document this build cannot read must not quote anyone.
    throw new Error(`Stored policy version ${row.number} does not validate`);
  }
  return { version: policyVersionLabel(row.number), document: parsed.data };
}

export async function policyInForce(db: Db, workspaceId: string, at: Date): Promise<RefundPolicy> {
  const row = await db.policyVersion.findFirst({
    where: {
      workspaceId,
      status: "published",
      effectiveFrom: { lte: at },
      OR: [{ effectiveUntil: null }, { effectiveUntil: { gt: at } }],
    },
    orderBy: { number: "desc" },
    select: { number: true, document: true },
  });
  return row === null ? POLICY_V1 : storedPolicy(row);
}

/** The version a quote names, for revalidating it under its own terms. */
export async function policyNamed(
  db: Db,
  workspaceId: string,
  version: string,
): Promise<RefundPolicy> {
  const key = `${workspaceId} ${version}`;
  const cached = published.get(key);
  if (cached) return cached;
  const number = Number(/^refund-policy\/v(\d+)$/.exec(version)?.[1]);
  const row = Number.isSafeInteger(number)
    ? await db.policyVersion.findFirst({
        where: { workspaceId, status: "published", number },
        select: { number: true, document: true },
      })
    : null;
  if (row === null && version !== POLICY_V1.version) {
    throw new Error(`No policy ${version} in this workspace`);
  }
  const policy = row === null ? POLICY_V1 : storedPolicy(row);
  published.set(key, policy);
  return policy;
}

/** The workspace a customer (and so their orders and quotes) belongs to. */
export async function workspaceOfCustomer(db: Db, customerId: string): Promise<string> {
  const customer = await db.customer.findUnique({
    where: { id: customerId },
    select: { workspaceId: true },
  });
  if (!customer) throw new AppError("NOT_FOUND", "No such customer");
  return customer.workspaceId;
}

export async function policyInForceForCustomer(
  db: Db,
  customerId: string,
  at: Date,
): Promise<RefundPolicy> {
  return policyInForce(db, await workspaceOfCustomer(db, customerId), at);
}

export async function policyOfQuote(
  db: Db,
  quote: { customerId: string; policyVersion: string },
): Promise<RefundPolicy> {
  return policyNamed(db, await workspaceOfCustomer(db, quote.customerId), quote.policyVersion);
}
