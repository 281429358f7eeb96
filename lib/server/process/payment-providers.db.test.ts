import { describe, expect, it } from "vitest";
import { parseEncryptionKey } from "@/lib/server/crypto/encryption-key";
import { savePaymentConnection } from "@/lib/server/services/connections/save-payment-connection";
import { checkableProvider } from "@/tests/support/checkable-payment-provider";
import { TEST_CONNECTIONS_KEY } from "@/tests/support/test-connections-key";
import { seededTestDatabase } from "@/tests/support/test-database-hooks";
import { testUseCaseContext } from "@/tests/support/test-use-case-context";
import type { ConnectionCredentials } from "./connection-adapters";
import { createConnectedPaymentProviders } from "./payment-providers";

const prisma = seededTestDatabase();
const encryptionKey = parseEncryptionKey(TEST_CONNECTIONS_KEY);
const ledger = checkableProvider("ledger", () => ({ ok: true, mode: "test", accountLabel: null }));

function recordingProviders(key: Uint8Array = encryptionKey) {
  const made: ConnectionCredentials[] = [];
  const payments = createConnectedPaymentProviders({
    db: prisma,
    encryptionKey: key,
    ledger,
    makeProvider: (connection) => {
      made.push(connection);
      return checkableProvider(`stripe#${made.length}`, () => ({
        ok: true,
        mode: "test",
        accountLabel: null,
      }));
    },
  });
  return { payments, made };
}

async function connect(secretKey: string) {
  const workspace = await prisma.workspace.findFirstOrThrow();
  const admin = await prisma.staffUser.findFirstOrThrow({ where: { role: "admin" } });
  const { connection } = await savePaymentConnection(
    {
      workspaceId: workspace.id,
      provider: "stripe",
      secretKey,
      webhookSecret: "whsec_providersTestSecret0000",
      staffId: admin.id,
      publicBaseUrl: "http://localhost:3000",
      encryptionKey,
    },
    testUseCaseContext({ db: prisma }),
  );
  return connection;
}

describe("createConnectedPaymentProviders", () => {
  it("pays through the ledger for a workspace without a connection and for no workspace", async () => {
    const { payments, made } = recordingProviders();
    const workspace = await prisma.workspace.findFirstOrThrow();
    expect(await payments.forWorkspace(workspace.id)).toEqual({
      provider: ledger,
      connectionId: null,
    });
    expect(await payments.forWorkspace(null)).toEqual({ provider: ledger, connectionId: null });
    expect(await payments.forConnection(null)).toBe(ledger);
    expect(made).toEqual([]);
  });

  it("picks the workspace's connection with its decrypted keys, and makes it once per saved change", async () => {
    const { payments, made } = recordingProviders();
    const connection = await connect("sk_test_51HfirstKey000000001111");
    const first = await payments.forWorkspace(connection.workspaceId);
    expect(first.connectionId).toBe(connection.id);
    expect(made).toEqual([
      {
        id: connection.id,
        provider: "stripe",
        shopDomain: null,
        secretKey: "sk_test_51HfirstKey000000001111",
        webhookSecret: "whsec_providersTestSecret0000",
      },
    ]);
    // A health check or a webhook's bookkeeping changes the row, not the keys.
    await prisma.paymentConnection.update({
      where: { id: connection.id },
      data: { health: "healthy", lastWebhookAt: new Date(), lastWebhookType: "refund.updated" },
    });
    expect((await payments.forWorkspace(connection.workspaceId)).provider).toBe(first.provider);
    expect(await payments.forConnection(connection.id)).toBe(first.provider);
    expect(made).toHaveLength(1);

    await connect("sk_test_51HsecondKey00000002222");
    const replaced = await payments.forConnection(connection.id);
    expect(replaced).not.toBe(first.provider);
    expect(made.map((credentials) => credentials.secretKey)).toEqual([
      "sk_test_51HfirstKey000000001111",
      "sk_test_51HsecondKey00000002222",
    ]);
  });

  it("names a removed connection, and keys sealed under another encryption key", async () => {
    const connection = await connect("sk_test_51HfirstKey000000001111");
    const otherKey = parseEncryptionKey(Buffer.alloc(32, 9).toString("base64"));
    const { payments } = recordingProviders(otherKey);
    const refusal = await payments.forWorkspace(connection.workspaceId).catch((error) => error);
    expect(String(refusal)).toContain("cannot be decrypted with CONNECTIONS_ENCRYPTION_KEY");
    expect(String(refusal)).not.toContain("sk_test_");

    await prisma.paymentConnection.delete({ where: { id: connection.id } });
    await expect(recordingProviders().payments.forConnection(connection.id)).rejects.toThrow(
      "no longer exists",
    );
  });
});
