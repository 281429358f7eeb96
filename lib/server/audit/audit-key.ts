import "server-only";
import { auditKeyBytes } from "@/lib/domain/audit-chain";
import { getServerEnv } from "@/lib/server/env";

/** The HMAC key of the audit chain: `secret` when given (tests, offline checks), else AUDIT_KEY. */
export function resolveAuditKey(secret?: string): Uint8Array {
  return auditKeyBytes(secret ?? getServerEnv().AUDIT_KEY);
}
