import { describe, expect, it } from "vitest";
import type { CommerceProvider } from "@/lib/integrations/commerce/commerce-provider";
import {
  COMMERCE_PROVIDER_FACTORIES,
  commerceProviderFromRegistry,
} from "./commerce-provider-registry";

describe("commerceProviderFromRegistry", () => {
  const credentials = {
    id: "conn_1",
    provider: "shopify",
    shopDomain: "countersign-demo.myshopify.com",
    secretKey: "shpat_0000",
    webhookSecret: "shpss_0000",
  };

  it("knows Shopify", () => {
    expect(Object.keys(COMMERCE_PROVIDER_FACTORIES)).toEqual(["shopify"]);
  });

  it("gives the named factory the shop, token, client secret and configured base URL", () => {
    const given: unknown[] = [];
    const stub = { name: "shopify" } as CommerceProvider;
    const make = commerceProviderFromRegistry(
      {
        shopify: (options) => {
          given.push(options);
          return stub;
        },
      },
      { shopify: "http://127.0.0.1:12112" },
    );
    expect(make(credentials)).toBe(stub);
    expect(given).toEqual([
      {
        shopDomain: credentials.shopDomain,
        accessToken: credentials.secretKey,
        clientSecret: credentials.webhookSecret,
        apiUrl: "http://127.0.0.1:12112",
      },
    ]);
  });

  it("refuses a provider it cannot read and a store connection without a shop domain", () => {
    const make = commerceProviderFromRegistry(COMMERCE_PROVIDER_FACTORIES, {});
    expect(() => make({ ...credentials, provider: "stripe" })).toThrow(
      'This build cannot read a store through a "stripe" connection',
    );
    expect(() => make({ ...credentials, shopDomain: null })).toThrow("without a shop domain");
  });

  it("the registered Shopify adapter reads the store it names", async () => {
    const make = commerceProviderFromRegistry(COMMERCE_PROVIDER_FACTORIES, {
      shopify: "http://127.0.0.1:9",
    });
    expect(await make(credentials).checkConnection()).toMatchObject({
      ok: false,
      detail: expect.stringContaining("countersign-demo.myshopify.com"),
    });
  });
});
