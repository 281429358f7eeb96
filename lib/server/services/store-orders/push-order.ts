import "server-only";
import { parsePushedOrder, pushedOrderVersion } from "@/lib/domain/pushed-order";
import { AppError } from "@/lib/errors/app-error";
import { isUniqueViolation } from "@/lib/errors/prisma-errors";
import { newId } from "@/lib/ids";
import { appendAuditEvents } from "@/lib/server/audit/append-audit-events";
import { verifyWebhookSignature } from "@/lib/server/http/signed-webhook";
import type { UseCaseContext } from "@/lib/server/use-case-context";
import { openOrderPushSecret } from "./order-push-key-secret";
import { lockAndFindConflicts, writePushedOrders } from "./write-pushed-orders";

export const WORKSPACE_HEADER = "x-countersign-workspace";
/** A 200-line order is about 60 KB of JSON. */
export const MAX_PUSHED_ORDER_BYTES = 256 * 1024;

export type PushedOrderAnswer = {
  /** 201 when the order is new here, 200 otherwise. */
  status: 200 | 201;
  number: string;
  version: string;
  /** False when Countersign already kept this version (a repeat changes nothing). */
  changed: boolean;
};

const SIGNATURE_SCOPE = "orders-api";

function unauthenticated(detail: string): AppError {
  return new AppError("UNAUTHENTICATED", detail);
}

/*
 * PUT /api/orders/{number}: a store's order, signed with its workspace's orders API key exactly
 * as inbound email webhooks are signed (lib/server/http/signed-webhook.ts). The signature is
 * checked before a byte of the body is read as JSON. The order is then written into the
 * store-order cache with its audit event in one transaction: all of it, or nothing.
 *
 * Repeats are safe. The same document under a fresh signature is the same version, so nothing
 * changes (200, changed: false). The very same signed request again (a retry, or a replay of a
 * captured request within the signature's 5 minutes) is answered from its receipt without
 * writing, so an old capture cannot put back a version the store has since replaced.
 */
export async function pushOrder(
  input: {
    workspaceKey: string | null;
    /** The order number in the URL. */
    pathNumber: string;
    headers: Headers;
    body: Buffer;
    /** CONNECTIONS_ENCRYPTION_KEY's bytes. */
    encryptionKey: Uint8Array;
  },
  context: Pick<UseCaseContext, "db" | "now">,
): Promise<PushedOrderAnswer> {
  const { db } = context;
  const now = context.now();
  if (!input.workspaceKey) {
    throw unauthenticated(
      `Name the workspace in the ${WORKSPACE_HEADER} header: its key, shown in Settings → Connections → Orders API.`,
    );
  }
  const workspace = await db.workspace.findUnique({
    where: { key: input.workspaceKey },
    select: { id: true, orderPushKey: true },
  });
  const pushKey = workspace?.orderPushKey;
  if (!workspace || !pushKey) {
    throw unauthenticated(
      "No workspace with that key takes pushed orders: an admin makes its orders API key in Settings → Connections.",
    );
  }
  const secret = openOrderPushSecret(input.encryptionKey, workspace.id, pushKey.secretCiphertext);
  const signature = verifyWebhookSignature({
    secret,
    headers: input.headers,
    body: input.body,
    now,
  });
  const scope = `${SIGNATURE_SCOPE}/${workspace.id}`;
  const answered = await answeredBefore(context, scope, signature);
  if (answered) return answered;

  let document: unknown;
  try {
    document = JSON.parse(input.body.toString("utf8"));
  } catch {
    throw new AppError("INVALID_JSON", "The request body is not valid JSON.");
  }
  const parsed = parsePushedOrder(document);
  if (!parsed.ok) {
    throw new AppError("VALIDATION_FAILED", "The order is invalid; nothing was written.", {
      errors: parsed.errors.map((error) => ({
        path: `body.${error.path}`,
        message: error.message,
      })),
    });
  }
  const order = parsed.order;
  if (order.number !== input.pathNumber) {
    throw new AppError("VALIDATION_FAILED", "The order is invalid; nothing was written.", {
      errors: [
        {
          path: "body.number",
          message: `must be the order number in the URL (${JSON.stringify(input.pathNumber)}); the body says ${JSON.stringify(order.number)}`,
        },
      ],
    });
  }
  const version = pushedOrderVersion(order);

  try {
    return await db.$transaction(async (tx) => {
      const source = "orders_api" as const;
      const conflicts = await lockAndFindConflicts(tx, {
        workspaceId: workspace.id,
        source,
        orders: [order],
      });
      if (conflicts.length > 0) {
        throw new AppError(
          "CONFLICT",
          "The order cannot be kept in this workspace; nothing was written.",
          {
            errors: conflicts.map((conflict) => ({
              path: `body.${conflict.field}`,
              message: conflict.message,
            })),
          },
        );
      }
      const [written] = await writePushedOrders(tx, {
        workspaceId: workspace.id,
        source,
        orders: [order],
        checkedAt: now,
      });
      if (!written) throw new Error("writePushedOrders wrote nothing for one order");
      await tx.$executeRaw`
        UPDATE order_push_keys SET last_used_at = ${now}
         WHERE id = ${pushKey.id}
           AND (last_used_at IS NULL OR last_used_at < ${new Date(now.getTime() - 60_000)})`;
      if (written.changed) {
        await appendAuditEvents(tx, [
          {
            kind: "order.pushed",
            subjectType: "order",
            subjectId: written.orderId,
            actor: { type: "system" },
            occurredAt: now,
            payload: {
              workspaceId: workspace.id,
              orderNumber: order.number,
              version,
              created: written.created,
              keyLast4: pushKey.secretLast4,
            },
          },
        ]);
      }
      // Two identical requests at once: the second waits here for the first, then keeps its own
      // answer (it found the order already written, unchanged).
      await tx.$executeRaw`
        INSERT INTO idempotency_receipts (id, scope, key, request_fingerprint, result)
        VALUES (${newId("rcpt")}, ${scope}, ${signature}, ${version},
                ${JSON.stringify({ number: order.number, version })}::jsonb)
        ON CONFLICT (scope, key) DO NOTHING`;
      return {
        status: written.created ? 201 : 200,
        number: order.number,
        version,
        changed: written.changed,
      };
    });
  } catch (error) {
    if (isUniqueViolation(error)) {
      throw new AppError(
        "CONFLICT",
        "Another write of this order or its customer happened at the same moment; send it again.",
      );
    }
    throw error;
  }
}

async function answeredBefore(
  context: Pick<UseCaseContext, "db">,
  scope: string,
  signature: string,
): Promise<PushedOrderAnswer | null> {
  const receipt = await context.db.idempotencyReceipt.findUnique({
    where: { scope_key: { scope, key: signature } },
    select: { result: true },
  });
  if (!receipt) return null;
  const result = receipt.result as { number: string; version: string };
  return { status: 200, number: result.number, version: result.version, changed: false };
}
