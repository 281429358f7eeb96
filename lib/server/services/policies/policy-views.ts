import "server-only";
import {
  hashPolicyDocument,
  type PolicyDocument,
  policyDocumentSchema,
  policyVersionLabel,
} from "@/lib/domain/policy-document";
import { POLICY_V1 } from "@/lib/domain/policy-v1";

/*
 * The policy rows as the editor shows them. Documents were validated when they were saved or
 * published; parsing again on the way out keeps a row this build cannot read from being shown
 * (or published) as if it could.
 */

export type PolicyVersionState = "in_force" | "scheduled" | "ended" | "superseded";

export type PolicyVersionView = {
  /** Null for the built-in v1 of a workspace that has no rows. */
  id: string | null;
  number: number;
  version: string;
  document: PolicyDocument;
  basedOn: string | null;
  restores: string | null;
  effectiveFrom: string | null;
  effectiveUntil: string | null;
  publishedAt: string | null;
  publishedByName: string | null;
  state: PolicyVersionState;
};

export type PolicyDraftView = {
  id: string;
  basedOn: string;
  document: PolicyDocument;
  documentHash: string;
  updatedAt: string;
};

type VersionRow = {
  id: string;
  number: number | null;
  document: unknown;
  basedOn: string;
  restores: string | null;
  effectiveFrom: Date | null;
  effectiveUntil: Date | null;
  publishedAt: Date | null;
  publishedById: string | null;
};

export function toVersionView(
  row: VersionRow,
  state: PolicyVersionState,
  names: ReadonlyMap<string, string>,
): PolicyVersionView {
  if (row.number === null) throw new Error("A draft is not a published version");
  return {
    id: row.id,
    number: row.number,
    version: policyVersionLabel(row.number),
    document: policyDocumentSchema.parse(row.document),
    basedOn: row.basedOn,
    restores: row.restores,
    effectiveFrom: row.effectiveFrom?.toISOString() ?? null,
    effectiveUntil: row.effectiveUntil?.toISOString() ?? null,
    publishedAt: row.publishedAt?.toISOString() ?? null,
    publishedByName: row.publishedById ? (names.get(row.publishedById) ?? null) : null,
    state,
  };
}

/** The built-in v1, for a workspace that has never published: always in force under its rows. */
export function builtInV1View(state: PolicyVersionState): PolicyVersionView {
  return {
    id: null,
    number: 1,
    version: POLICY_V1.version,
    document: POLICY_V1.document,
    basedOn: null,
    restores: null,
    effectiveFrom: null,
    effectiveUntil: null,
    publishedAt: null,
    publishedByName: null,
    state,
  };
}

export function toDraftView(row: {
  id: string;
  basedOn: string;
  document: unknown;
  updatedAt: Date;
}): PolicyDraftView {
  const document = policyDocumentSchema.parse(row.document);
  return {
    id: row.id,
    basedOn: row.basedOn,
    document,
    documentHash: hashPolicyDocument(document),
    updatedAt: row.updatedAt.toISOString(),
  };
}
