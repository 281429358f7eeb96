import "server-only";
import { signIdentityToken } from "@/lib/auth/widget-identity-token";
import { DEMO_CUSTOMERS, DEMO_ORDERS } from "@/lib/demo/demo-world";
import { AppError } from "@/lib/errors/app-error";
import { provisionDemoCustomer } from "@/lib/server/services/demo/provision-demo-customer";
import type { UseCaseContext } from "@/lib/server/use-case-context";
import { DEMO_WORKSPACE } from "@/prisma/demo-data";

export type DemoShopCustomer = { email: string; name: string; orderNumbers: string[] };

export type DemoShop = {
  workspaceKey: string;
  workspaceName: string;
  /** The seeded customers the picker offers; empty outside demo mode. */
  customers: DemoShopCustomer[];
  /** Who the shop has signed in: a fresh copy of a seeded customer. */
  signedIn: DemoShopCustomer | null;
  /** What the shop's server would sign for its signed-in customer. */
  identityToken: string | null;
};

function orderNumbersOf(seedEmail: string): string[] {
  return DEMO_ORDERS.filter((order) => order.customerEmail === seedEmail).map(
    (order) => order.number,
  );
}

const SEED_CUSTOMERS: DemoShopCustomer[] = DEMO_CUSTOMERS.map((customer) => ({
  ...customer,
  orderNumbers: orderNumbersOf(customer.email),
}));

/**
 * The demo shop page plays the shop's server: in demo mode it "signs in" a demo customer and
 * signs their identity token with the demo workspace's secret, as a real shop would for its own
 * logged-in customer. Outside demo mode nobody is signed in, so the widget asks for an email
 * and an order number.
 */
export async function prepareDemoShop(
  input: { demoMode: boolean; customerEmail: string | null },
  context: Pick<UseCaseContext, "db" | "now">,
): Promise<DemoShop> {
  const { db } = context;
  const now = context.now();
  const workspace = await db.workspace.findUnique({ where: { key: DEMO_WORKSPACE.key } });
  if (!workspace) throw new AppError("NOT_FOUND", "The demo workspace is not seeded");
  const base = { workspaceKey: workspace.key, workspaceName: workspace.name };
  if (!input.demoMode) return { ...base, customers: [], signedIn: null, identityToken: null };

  // Only the demo shop's demo copies can be signed in from this page, never a real customer.
  const customer = input.customerEmail
    ? await db.customer.findFirst({
        where: { workspaceId: workspace.id, email: input.customerEmail, demoOf: { not: null } },
      })
    : null;
  if (!customer?.demoOf) {
    return { ...base, customers: SEED_CUSTOMERS, signedIn: null, identityToken: null };
  }
  const identityToken = await signIdentityToken(
    { customerId: customer.id, email: customer.email },
    workspace.identitySecret,
    { now },
  );
  return {
    ...base,
    customers: SEED_CUSTOMERS,
    signedIn: {
      email: customer.email,
      name: customer.name,
      orderNumbers: orderNumbersOf(customer.demoOf),
    },
    identityToken,
  };
}

/** A picker choice: a fresh copy of the seeded customer, so every story can be played again. */
export async function provisionDemoShopper(
  input: { seedEmail: string },
  context: Pick<UseCaseContext, "db" | "now">,
): Promise<string> {
  const now = context.now();
  const copy = await context.db.$transaction((tx) =>
    provisionDemoCustomer(tx, { seedEmail: input.seedEmail, now }),
  );
  return copy.email;
}
