import type { Metadata } from "next";
import { headers } from "next/headers";
import { getServerEnv } from "@/lib/server/env";
import { appContext } from "@/lib/server/process/app-context";
import { prepareDemoShop } from "@/lib/server/services/widget/prepare-demo-shop";

export const metadata: Metadata = { title: "Demo shop" };

type Props = {
  searchParams: Promise<{ customer?: string | string[]; identity?: string | string[] }>;
};

function single(value: string | string[] | undefined): string | null {
  return typeof value === "string" ? value : null;
}

// A stand-in for a shop's website, embedding the widget exactly as the README tells shops to.
// Each pick is a form post and a fresh page load, so the loader runs again with the new token.
export default async function DemoShopPage({ searchParams }: Props) {
  const params = await searchParams;
  const { DEMO_MODE } = getServerEnv();
  const nonce = (await headers()).get("x-nonce") ?? undefined;
  const shop = await prepareDemoShop(
    { demoMode: DEMO_MODE, customerEmail: single(params.customer) },
    appContext(),
  );

  return (
    <div className="min-h-dvh bg-white text-slate-900">
      <header className="border-b border-slate-200 px-4 py-4 sm:px-8">
        <p className="text-xl font-bold">{shop.workspaceName}</p>
        <p className="text-sm text-slate-600">Homewares, outerwear and gadgets, delivered.</p>
      </header>
      <main className="mx-auto max-w-3xl space-y-6 px-4 py-8 sm:px-8">
        <h1 className="text-2xl font-semibold">Help with an order</h1>
        <p>
          Questions about a delivery, a return or a charge? Open the chat in the corner: our
          assistant can look up your order, quote a refund by our policy and issue it once you
          confirm.
        </p>
        {shop.customers.length > 0 && (
          <section
            aria-labelledby="picker-heading"
            className="rounded-lg border border-slate-300 p-4"
          >
            <h2 id="picker-heading" className="text-lg font-semibold">
              Demo: shop as…
            </h2>
            <p className="mt-1 text-sm text-slate-700">
              Pick a customer to be signed in to the shop as. The shop then passes a signed identity
              token to the chat. Or open the chat without one and verify with an email and order
              number.
            </p>
            <form method="post" action="/demo/pick" className="mt-3 grid gap-2 sm:grid-cols-2">
              {shop.customers.map((customer) => (
                <button
                  key={customer.email}
                  type="submit"
                  name="seedEmail"
                  value={customer.email}
                  className="min-h-11 rounded-md border border-slate-300 px-3 py-2 text-left hover:bg-slate-100"
                >
                  <span className="block font-medium">Shop as {customer.name}</span>
                  <span className="block text-sm text-slate-600">
                    orders {customer.orderNumbers.join(", ")}
                  </span>
                </button>
              ))}
            </form>
            <p className="mt-3 text-sm">
              <a href="/demo" className="text-blue-800 underline">
                Not signed in (the chat asks for an email and order number)
              </a>
            </p>
            {shop.signedIn && (
              <p role="status" className="mt-3 text-sm" data-testid="demo-signed-in">
                Signed in to the shop as {shop.signedIn.name} (
                <span data-testid="demo-email">{shop.signedIn.email}</span>, orders{" "}
                {shop.signedIn.orderNumbers.join(", ")}), a fresh copy of the seeded customer. The
                chat receives a signed identity token.
              </p>
            )}
          </section>
        )}
      </main>
      <script
        key={shop.signedIn?.email ?? "anonymous"}
        src="/widget.js"
        data-workspace={shop.workspaceKey}
        {...(shop.identityToken && { "data-identity-token": shop.identityToken })}
        nonce={nonce}
        async
      />
    </div>
  );
}
