import { describe, expect, it } from "vitest";
import { signIdentityToken } from "@/lib/auth/widget-identity-token";
import { findOrCreateEmailCustomer } from "@/lib/server/services/intake/find-or-create-email-customer";
import { seededTestDatabase } from "@/tests/support/test-database-hooks";
import { fixedClock, testUseCaseContext } from "@/tests/support/test-use-case-context";
import { startWidgetSession } from "./start-widget-session";

process.env.LOG_LEVEL ??= "warn";

const prisma = seededTestDatabase();

const now = new Date();
const context = testUseCaseContext({ db: prisma, now: fixedClock(now) });
const orderCheck = (email: string, orderNumber = "A1043", ip = "203.0.113.7") =>
  startWidgetSession(
    { workspace: "demo-shop", method: "order_check", email, orderNumber, ip },
    context,
  );
const refusal = (promise: Promise<unknown>) =>
  promise.then(
    () => "opened",
    (error: { code?: string; extensions?: { reason?: string } }) =>
      error.extensions?.reason ?? error.code ?? "unexpected",
  );

describe("a customer is who their exact address says", () => {
  it("opens Maya's chat for her own address in any case, and for no pattern that matches it", async () => {
    for (const pattern of ["____@example.com", "m_ya@example.com", "%@example.com", "maya@%"]) {
      expect(await refusal(orderCheck(pattern))).toBe("NO_MATCH");
    }
    const opened = await orderCheck("  MAYA@Example.com ");
    expect(opened.customerName).toBe("Maya Chen");
  });

  it("counts guesses at Maya's orders on one counter: a wildcard spelling is no fresh start", async () => {
    const spellings = [
      "maya@example.com",
      "MAYA@example.com",
      " Maya@Example.COM",
      "maya@EXAMPLE.com ",
    ];
    for (const [index, email] of [...spellings, "maya@example.com"].entries()) {
      expect(await refusal(orderCheck(email, "A9999", `198.51.100.${index}`))).toBe("NO_MATCH");
    }
    expect(await refusal(orderCheck("m_ya@example.com", "A1043", "198.51.100.98"))).toBe(
      "NO_MATCH",
    );
    expect(await refusal(orderCheck("Maya@example.com", "A1043", "198.51.100.99"))).toBe(
      "RATE_LIMITED",
    );
  });

  it("files mail from a look-alike address under its own contact, never under Maya", async () => {
    const maya = await prisma.customer.findFirstOrThrow({ where: { email: "maya@example.com" } });
    const workspaceId = maya.workspaceId;
    const lookAlike = await findOrCreateEmailCustomer(prisma, {
      workspaceId,
      address: "m_ya@example.com",
    });
    expect(lookAlike.id).not.toBe(maya.id);
    expect(lookAlike).toMatchObject({ email: "m_ya@example.com", contactOnly: true });
    const sameMailbox = await findOrCreateEmailCustomer(prisma, {
      workspaceId,
      address: " Maya@Example.com",
    });
    expect(sameMailbox.id).toBe(maya.id);
  });

  it("opens a customer only for their own shop: another shop's secret and order check open nothing", async () => {
    const maya = await prisma.customer.findFirstOrThrow({ where: { email: "maya@example.com" } });
    const other = await prisma.workspace.create({
      data: { key: "other-shop", name: "Other Shop", identitySecret: "o".repeat(43) },
    });
    const bySignedToken = async (workspace: string, secret: string) =>
      startWidgetSession(
        {
          workspace,
          method: "signed_token",
          token: await signIdentityToken({ customerId: maya.id, email: maya.email }, secret, {
            now,
          }),
          ip: "203.0.113.7",
        },
        context,
      );
    expect(await refusal(bySignedToken("other-shop", other.identitySecret))).toBe("TOKEN_INVALID");
    expect(
      await refusal(
        startWidgetSession(
          {
            workspace: "other-shop",
            method: "order_check",
            email: maya.email,
            orderNumber: "A1043",
            ip: "203.0.113.7",
          },
          context,
        ),
      ),
    ).toBe("NO_MATCH");
    const demoShop = await prisma.workspace.findUniqueOrThrow({ where: { key: "demo-shop" } });
    expect((await bySignedToken("demo-shop", demoShop.identitySecret)).customerName).toBe(
      "Maya Chen",
    );
  });
});
