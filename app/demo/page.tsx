import type { Metadata } from "next";
import { headers } from "next/headers";
import { getServerEnv } from "@/lib/server/env";
import { appContext } from "@/lib/server/process/app-context";
import { prepareDemoShop } from "@/lib/server/services/widget/prepare-demo-shop";
import { DemoCustomerPicker } from "./demo-customer-picker";

export const metadata: Metadata = { title: "Demo shop" };

type Props = {
  searchParams: Promise<{ customer?: string | string[]; identity?: string | string[] }>;
};

function single(value: string | string[] | undefined): string | null {
  return typeof value === "string" ? value : null;
}

// A stand-in for a shop's website, embedding the widget exactly as docs/widget.md tells shops to.
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
        {shop.customers.length > 0 && <DemoCustomerPicker shop={shop} />}
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
