import { afterAll, beforeAll } from "vitest";
import { createOfflineAgent } from "@/lib/agent/model/offline-agent";
import type { ModelProvider } from "@/lib/agent/model/provider";
import type { PrismaClient } from "@/lib/generated/prisma/client";
import { getServerEnv } from "@/lib/server/env";
import { startInboundSmtp } from "@/lib/server/services/email/start-inbound-smtp";
import { testUseCaseContext } from "./test-use-case-context";

/**
 * The app's inbound SMTP listener on a free port for this file's tests, storing mail through
 * `prisma` and answering with `provider`: started before the first test, closed after the last.
 */
export function inboundSmtpForTests(
  prisma: PrismaClient,
  provider: ModelProvider = createOfflineAgent(),
): { readonly port: number } {
  let port: number | undefined;
  let close = async () => {};
  beforeAll(async () => {
    const listener = await startInboundSmtp(
      { port: 0, host: "127.0.0.1", supportAddress: getServerEnv().SUPPORT_EMAIL_ADDRESS },
      testUseCaseContext({ db: prisma, model: provider }),
    );
    if (!listener) throw new Error("the inbound listener did not start");
    ({ port } = listener);
    close = () => listener.close();
  });
  afterAll(() => close());
  return {
    get port() {
      if (port === undefined)
        throw new Error("The listener is started before the file's first test.");
      return port;
    },
  };
}
