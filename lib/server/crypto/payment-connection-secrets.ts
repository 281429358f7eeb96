import { openSecret, sealSecret } from "./secret-box";

/*
 * A payment connection's two secrets as stored. Each is sealed under its workspace, provider and
 * field, so a ciphertext copied into another workspace's row, or into the other field, does not
 * open there.
 */

export type ConnectionOwner = { workspaceId: string; provider: string };

export type ConnectionSecrets = { secretKey: string; webhookSecret: string };

export type SealedConnectionSecrets = {
  secretKeyCiphertext: string;
  webhookSecretCiphertext: string;
};

function sealContext(owner: ConnectionOwner, field: "secret_key" | "webhook_secret"): string {
  return `payment_connection/${owner.workspaceId}/${owner.provider}/${field}`;
}

export function sealConnectionSecrets(
  key: Uint8Array,
  owner: ConnectionOwner,
  secrets: ConnectionSecrets,
): SealedConnectionSecrets {
  return {
    secretKeyCiphertext: sealSecret(key, secrets.secretKey, sealContext(owner, "secret_key")),
    webhookSecretCiphertext: sealSecret(
      key,
      secrets.webhookSecret,
      sealContext(owner, "webhook_secret"),
    ),
  };
}

export function openConnectionSecrets(
  key: Uint8Array,
  row: ConnectionOwner & SealedConnectionSecrets,
): ConnectionSecrets {
  return {
    secretKey: openSecret(key, row.secretKeyCiphertext, sealContext(row, "secret_key")),
    webhookSecret: openSecret(key, row.webhookSecretCiphertext, sealContext(row, "webhook_secret")),
  };
}
