import { describe, expect, it } from "vitest";
import { checkableProvider } from "@/tests/support/checkable-payment-provider";
import { PAYMENT_PROVIDER_FACTORIES, providerFromRegistry } from "./payment-provider-registry";

describe("providerFromRegistry", () => {
  const credentials = {
    id: "conn_1",
    provider: "stripe",
    shopDomain: null,
    secretKey: "sk_test_51Hkey0000",
    webhookSecret: "whsec_secret0000",
  };

  it("refuses a provider this build has no adapter for, by name", () => {
    const make = providerFromRegistry({}, {});
    expect(() => make(credentials)).toThrow(
      'This build has no payment provider adapter named "stripe" (it knows none yet)',
    );
    expect(() => make({ ...credentials, provider: "toString" })).toThrow('named "toString"');
  });

  it("gives the named factory the keys and the provider's configured base URL", () => {
    const given: unknown[] = [];
    const stub = checkableProvider("stripe", () => ({ ok: false, detail: "unused" }));
    const make = providerFromRegistry(
      {
        stripe: (options) => {
          given.push(options);
          return stub;
        },
      },
      { stripe: "http://127.0.0.1:12111" },
    );
    expect(make(credentials)).toBe(stub);
    expect(given).toEqual([
      {
        secretKey: credentials.secretKey,
        webhookSecret: credentials.webhookSecret,
        apiUrl: "http://127.0.0.1:12111",
      },
    ]);
  });

  it("makes a Shopify adapter from a Shopify connection: its shop, token and client secret", async () => {
    const make = providerFromRegistry(PAYMENT_PROVIDER_FACTORIES, {
      shopify: "http://127.0.0.1:9",
    });
    const shopify = make({
      id: "conn_2",
      provider: "shopify",
      shopDomain: "countersign-demo.myshopify.com",
      secretKey: "shpat_0000",
      webhookSecret: "shpss_0000",
    });
    expect(shopify.name).toBe("shopify");
    // Nothing listens on port 9: the adapter went to the configured address, not to the shop.
    expect(await shopify.checkConnection()).toMatchObject({
      ok: false,
      detail: expect.stringContaining("could not be reached at countersign-demo.myshopify.com"),
    });
  });

  it("refuses a Shopify connection without its shop's domain", () => {
    const make = providerFromRegistry(PAYMENT_PROVIDER_FACTORIES, {});
    expect(() => make({ ...credentials, provider: "shopify" })).toThrow("needs its shop's domain");
  });
});
