import type { DemoShop } from "@/lib/server/services/widget/prepare-demo-shop";

/*
 * Signs in to the demo shop as one of the seeded customers (each a form post, so the loader runs
 * again with the new token), or not at all, and says who is signed in.
 */
export function DemoCustomerPicker({ shop }: { shop: DemoShop }) {
  return (
    <section aria-labelledby="picker-heading" className="rounded-lg border border-slate-300 p-4">
      <h2 id="picker-heading" className="text-lg font-semibold">
        Demo: shop as…
      </h2>
      <p className="mt-1 text-sm text-slate-700">
        Pick a customer to be signed in to the shop as. The shop then passes a signed identity token
        to the chat. Or open the chat without one and verify with an email and order number.
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
          {shop.signedIn.orderNumbers.join(", ")}), a fresh copy of the seeded customer. The chat
          receives a signed identity token.
        </p>
      )}
    </section>
  );
}
