import fs from "node:fs/promises";
import {
  hashPolicyDocument,
  type PolicyDocument,
  policyDocumentSchema,
  policyVersionLabel,
  type RefundPolicy,
} from "@/lib/domain/policy-document";
import type { PrismaClient } from "@/lib/generated/prisma/client";
import { policyInForce, policyNamed } from "@/lib/server/policies/policy-versions";
import { DEMO_WORKSPACE } from "@/prisma/demo-data";
import { resetAndSeed } from "../bench/play-story";

/*
 * `npm run eval -- --policy <file|version>`: the policy the stories are played under. A file is
 * a draft document (validated as the editor validates one); a version label names a version of
 * the seeded workspace. Either way it is published into the eval database after every reseed, as
 * a version in force, so the quotes the agent makes are the draft's own.
 */

const VERSION_LABEL = /^refund-policy\/v\d+$/;

/** Why a policy file cannot be played, one line per problem with where it is. */
export class EvalPolicyError extends Error {}

export type EvalPolicySource = { kind: "file"; path: string } | { kind: "version"; label: string };

export function evalPolicySource(value: string): EvalPolicySource {
  return VERSION_LABEL.test(value)
    ? { kind: "version", label: value }
    : { kind: "file", path: value };
}

export function parsePolicyDocument(json: unknown, origin: string): PolicyDocument {
  const parsed = policyDocumentSchema.safeParse(json);
  if (parsed.success) return parsed.data;
  const lines = parsed.error.issues.map(
    (issue) => `  ${issue.path.length > 0 ? issue.path.join(".") : "(document)"}: ${issue.message}`,
  );
  throw new EvalPolicyError(`${origin} is not a valid policy document:\n${lines.join("\n")}`);
}

export async function readPolicyFile(path: string): Promise<PolicyDocument> {
  let text: string;
  try {
    text = await fs.readFile(path, "utf8");
  } catch (error) {
    throw new EvalPolicyError(`Cannot read ${path}: ${(error as Error).message}`);
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    throw new EvalPolicyError(`${path} is not JSON: ${(error as Error).message}`);
  }
  return parsePolicyDocument(json, path);
}

async function seededWorkspaceId(db: PrismaClient): Promise<string> {
  const workspace = await db.workspace.findUnique({
    where: { key: DEMO_WORKSPACE.key },
    select: { id: true },
  });
  if (!workspace) throw new Error("The eval database has no seeded workspace");
  return workspace.id;
}

/** A version of the seeded workspace, read after seeding the eval database. */
export async function seededVersion(db: PrismaClient, label: string): Promise<PolicyDocument> {
  await resetAndSeed(db);
  try {
    return (await policyNamed(db, await seededWorkspaceId(db), label)).document;
  } catch (error) {
    throw new EvalPolicyError((error as Error).message);
  }
}

/**
 * Makes `document` the policy in force in the freshly seeded workspace: the next-numbered
 * published version, in force from long ago (the row shape of tests/support/test-policy.ts).
 * Nothing is written when it already is the one in force. Returns the policy quotes will carry.
 */
export async function publishEvalPolicy(
  db: PrismaClient,
  document: PolicyDocument,
): Promise<RefundPolicy> {
  const workspaceId = await seededWorkspaceId(db);
  const current = await policyInForce(db, workspaceId, new Date());
  if (hashPolicyDocument(current.document) === hashPolicyDocument(document)) return current;
  const newest = await db.policyVersion.aggregate({
    where: { workspaceId },
    _max: { number: true },
  });
  const number = (newest._max.number ?? 1) + 1;
  await db.policyVersion.create({
    data: {
      workspaceId,
      status: "published",
      number,
      document,
      basedOn: current.version,
      effectiveFrom: new Date("2000-01-01T00:00:00Z"),
      publishedAt: new Date("2000-01-01T00:00:00Z"),
    },
  });
  return { version: policyVersionLabel(number), document };
}
