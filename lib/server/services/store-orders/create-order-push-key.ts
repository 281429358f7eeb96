import "server-only";
import { AppError } from "@/lib/errors/app-error";
import { appendAuditEvents } from "@/lib/server/audit/append-audit-events";
import type { UseCaseContext } from "@/lib/server/use-case-context";
import { newOrderPushSecret, sealOrderPushSecret } from "./order-push-key-secret";
import { type OrderPushKeyView, toOrderPushKeyView } from "./order-push-key-view";
import { requireStoreOrdersAdmin } from "./require-store-orders-admin";

export type OrderPushKeyCreated = {
  key: OrderPushKeyView;
  /** The whole key, this once: it is stored sealed and never shown again. */
  secret: string;
  rotated: boolean;
};

/*
 * Makes a workspace's orders API signing key, or a new one in place of the old, which stops
 * working at once (a key that may have leaked must not keep signing). The row and its audit
 * event commit together; neither holds more of the key than its last four characters.
 */
export async function createOrderPushKey(
  input: {
    workspaceId: string;
    staffId: string;
    /** CONNECTIONS_ENCRYPTION_KEY's bytes. */
    encryptionKey: Uint8Array;
  },
  context: Pick<UseCaseContext, "db" | "now">,
): Promise<OrderPushKeyCreated> {
  const { db } = context;
  const now = context.now();
  const actor = await requireStoreOrdersAdmin(db, input.staffId, "Making an orders API key");
  const secret = newOrderPushSecret();
  const stored = {
    secretCiphertext: sealOrderPushSecret(input.encryptionKey, input.workspaceId, secret),
    secretLast4: secret.slice(-4),
    createdAt: now,
    lastUsedAt: null,
  };
  return db.$transaction(async (tx) => {
    const workspace = await tx.workspace.findUnique({
      where: { id: input.workspaceId },
      select: { id: true, key: true },
    });
    if (!workspace) throw new AppError("NOT_FOUND", "No such workspace");
    await tx.$executeRaw`SELECT id FROM workspaces WHERE id = ${workspace.id} FOR UPDATE`;
    const previous = await tx.orderPushKey.findUnique({
      where: { workspaceId: workspace.id },
      select: { secretLast4: true },
    });
    const row = await tx.orderPushKey.upsert({
      where: { workspaceId: workspace.id },
      create: { workspaceId: workspace.id, ...stored },
      update: stored,
    });
    await appendAuditEvents(tx, [
      {
        kind: "order_push_key.created",
        subjectType: "order_push_key",
        subjectId: row.id,
        actor,
        occurredAt: now,
        payload: {
          workspaceId: workspace.id,
          secretLast4: row.secretLast4,
          replacedLast4: previous?.secretLast4 ?? null,
        },
      },
    ]);
    return { key: toOrderPushKeyView(row), secret, rotated: previous !== null };
  });
}
