import "server-only";
import type { OrderPushKey } from "@/lib/generated/prisma/client";

/** A signing key as Settings → Connections shows it: never the key, only its last four. */
export type OrderPushKeyView = {
  workspaceId: string;
  secretMasked: string;
  createdAt: Date;
  lastUsedAt: Date | null;
};

export function toOrderPushKeyView(row: OrderPushKey): OrderPushKeyView {
  return {
    workspaceId: row.workspaceId,
    secretMasked: `••••${row.secretLast4}`,
    createdAt: row.createdAt,
    lastUsedAt: row.lastUsedAt,
  };
}
