import type { PolicyDocument } from "@/lib/domain/policy-document";
import { POLICY_V1 } from "@/lib/domain/policy-v1";
import type { PrismaClient } from "@/lib/generated/prisma/client";

/**
 * Arranges a refund policy for a test: every workspace gets a new published version, in force
 * from long ago, whose document is v1 changed by `edit`. Returns the version label it carries.
 * (The publish use case, with its dry run and audit, has tests of its own.)
 */
export async function publishTestPolicy(
  db: PrismaClient,
  edit: (document: PolicyDocument) => PolicyDocument,
): Promise<string> {
  const workspaces = await db.workspace.findMany({ select: { id: true } });
  let label = POLICY_V1.version;
  for (const { id } of workspaces) {
    const newest = await db.policyVersion.aggregate({
      where: { workspaceId: id },
      _max: { number: true },
    });
    const number = (newest._max.number ?? 1) + 1;
    label = `refund-policy/v${number}`;
    await db.policyVersion.create({
      data: {
        workspaceId: id,
        status: "published",
        number,
        document: edit(structuredClone(POLICY_V1.document)),
        basedOn: POLICY_V1.version,
        effectiveFrom: new Date("2000-01-01T00:00:00Z"),
        publishedAt: new Date("2000-01-01T00:00:00Z"),
      },
    });
  }
  return label;
}
