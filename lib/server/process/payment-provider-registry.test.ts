import { describe, expect, it } from "vitest";
import { checkableProvider } from "@/tests/support/checkable-payment-provider";
import { providerFromRegistry } from "./payment-provider-registry";

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
});
