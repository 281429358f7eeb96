import { describe, expect, it } from "vitest";
import packageJson from "@/package.json";
import {
  DEVELOPMENT_AUDIT_KEY,
  DEVELOPMENT_CONNECTIONS_KEY,
  EnvError,
  parseServerEnv,
  statementCacheSetting,
} from "./env";

const valid = {
  DATABASE_URL: "postgres://user:pass@localhost:5432/countersign",
  NEXTAUTH_SECRET: "x".repeat(32),
};
const connectionsKey = Buffer.alloc(32, 7).toString("base64");

function errorMessage(source: Record<string, string | undefined>): string {
  try {
    parseServerEnv(source);
  } catch (error) {
    expect(error).toBeInstanceOf(EnvError);
    return (error as Error).message;
  }
  throw new Error("expected parseServerEnv to throw");
}

describe("parseServerEnv", () => {
  it("applies defaults for a minimal development setup", () => {
    const env = parseServerEnv(valid);
    expect(env).toMatchObject({
      NODE_ENV: "development",
      PORT: 3000,
      NEXTAUTH_URL: "http://localhost:3000",
      LOG_LEVEL: "info",
      OPENAI_API_MODE: "chat",
      DEMO_MODE: false,
      TRUSTED_PROXIES: [],
      APP_VERSION: packageJson.version,
    });
    expect(env.OPENAI_API_KEY).toBeUndefined();
    expect(env.OPENAI_PRICE_INPUT_PER_MTOK).toBeUndefined();
  });

  it("derives the default NEXTAUTH_URL from PORT", () => {
    expect(parseServerEnv({ ...valid, PORT: "3200" }).NEXTAUTH_URL).toBe("http://localhost:3200");
  });

  it("names each missing variable and says what to do", () => {
    const message = errorMessage({});
    expect(message).toContain("DATABASE_URL: missing");
    expect(message).toContain("npm start");
    expect(message).toContain("NEXTAUTH_SECRET: missing");
    expect(message).toContain("openssl rand");
  });

  it("treats blank values as unset", () => {
    const env = parseServerEnv({ ...valid, OPENAI_BASE_URL: "", OPENAI_MODEL: "  " });
    expect(env.OPENAI_BASE_URL).toBeUndefined();
    expect(env.OPENAI_MODEL).toBeUndefined();
    expect(errorMessage({ ...valid, DATABASE_URL: " " })).toContain("DATABASE_URL: missing");
  });

  it("rejects a non-Postgres DATABASE_URL and a short secret", () => {
    expect(errorMessage({ ...valid, DATABASE_URL: "mysql://x" })).toContain("postgres://");
    expect(errorMessage({ ...valid, NEXTAUTH_SECRET: "short" })).toContain("at least 32");
  });

  it("turns demo mode on only when DEMO_MODE says so", () => {
    expect(parseServerEnv({ ...valid, NODE_ENV: "development" }).DEMO_MODE).toBe(false);
    expect(parseServerEnv({ ...valid, NODE_ENV: "test" }).DEMO_MODE).toBe(false);
    expect(parseServerEnv({ ...valid, DEMO_MODE: "true" }).DEMO_MODE).toBe(true);
  });

  it("reads TRUSTED_PROXIES as a list of addresses and ranges", () => {
    expect(
      parseServerEnv({ ...valid, TRUSTED_PROXIES: "10.0.0.1, 10.1.0.0/16,fd00::/8" })
        .TRUSTED_PROXIES,
    ).toEqual(["10.0.0.1", "10.1.0.0/16", "fd00::/8"]);
    expect(errorMessage({ ...valid, TRUSTED_PROXIES: "10.0.0.1,proxy.internal" })).toContain(
      "TRUSTED_PROXIES: must be a comma-separated list",
    );
    expect(errorMessage({ ...valid, TRUSTED_PROXIES: "10.0.0.0/33" })).toContain("TRUSTED_PROXIES");
  });

  it("requires NEXTAUTH_URL in production and turns demo mode off there by default", () => {
    expect(errorMessage({ ...valid, NODE_ENV: "production" })).toContain("NEXTAUTH_URL: missing");
    const env = parseServerEnv({
      ...valid,
      NODE_ENV: "production",
      NEXTAUTH_URL: "https://desk.example",
      AUDIT_KEY: "k".repeat(32),
      CONNECTIONS_ENCRYPTION_KEY: connectionsKey,
    });
    expect(env.DEMO_MODE).toBe(false);
    expect(
      parseServerEnv({
        ...valid,
        NODE_ENV: "production",
        NEXTAUTH_URL: "https://d.example",
        AUDIT_KEY: "k".repeat(32),
        CONNECTIONS_ENCRYPTION_KEY: connectionsKey,
        DEMO_MODE: "1",
      }).DEMO_MODE,
    ).toBe(true);
  });

  it("requires an AUDIT_KEY of 32+ characters in production, and uses a known one elsewhere", () => {
    const production = {
      ...valid,
      NODE_ENV: "production",
      NEXTAUTH_URL: "https://d.example",
      CONNECTIONS_ENCRYPTION_KEY: connectionsKey,
    };
    expect(errorMessage(production)).toContain("AUDIT_KEY: missing");
    expect(errorMessage({ ...production, AUDIT_KEY: "short" })).toContain("at least 32");
    expect(parseServerEnv({ ...production, AUDIT_KEY: "k".repeat(32) }).AUDIT_KEY).toBe(
      "k".repeat(32),
    );
    expect(parseServerEnv(valid).AUDIT_KEY).toBe(DEVELOPMENT_AUDIT_KEY);
  });

  it("requires a 32-byte CONNECTIONS_ENCRYPTION_KEY in production, and uses a known one elsewhere", () => {
    const production = {
      ...valid,
      NODE_ENV: "production",
      NEXTAUTH_URL: "https://d.example",
      AUDIT_KEY: "k".repeat(32),
    };
    expect(errorMessage(production)).toContain("CONNECTIONS_ENCRYPTION_KEY: missing");
    const tooShort = Buffer.alloc(16, 1).toString("base64");
    const refused = errorMessage({ ...production, CONNECTIONS_ENCRYPTION_KEY: tooShort });
    expect(refused).toContain("must be 32 bytes written as base64 or base64url");
    expect(refused).not.toContain(tooShort);
    expect(
      parseServerEnv({ ...production, CONNECTIONS_ENCRYPTION_KEY: connectionsKey })
        .CONNECTIONS_ENCRYPTION_KEY,
    ).toBe(connectionsKey);
    expect(parseServerEnv(valid).CONNECTIONS_ENCRYPTION_KEY).toBe(DEVELOPMENT_CONNECTIONS_KEY);
  });

  it.each([
    ["true", true],
    ["on", true],
    ["yes", true],
    ["0", false],
    ["off", false],
  ])("reads DEMO_MODE=%s as %s", (value, expected) => {
    expect(parseServerEnv({ ...valid, DEMO_MODE: value }).DEMO_MODE).toBe(expected);
  });

  it("parses model settings", () => {
    const env = parseServerEnv({
      ...valid,
      OPENAI_API_KEY: "sk-test",
      OPENAI_BASE_URL: "http://localhost:11434/v1",
      OPENAI_MODEL: "llama3.1",
      OPENAI_API_MODE: "responses",
      OPENAI_PRICE_INPUT_PER_MTOK: "0.15",
      OPENAI_PRICE_OUTPUT_PER_MTOK: "0.6",
    });
    expect(env).toMatchObject({
      OPENAI_API_MODE: "responses",
      OPENAI_PRICE_INPUT_PER_MTOK: 0.15,
      OPENAI_PRICE_OUTPUT_PER_MTOK: 0.6,
    });
  });

  it("rejects invalid enums and prices with the accepted values", () => {
    expect(errorMessage({ ...valid, OPENAI_API_MODE: "completions" })).toContain(
      "chat or responses",
    );
    expect(errorMessage({ ...valid, OPENAI_PRICE_INPUT_PER_MTOK: "-1" })).toContain(
      "OPENAI_PRICE_INPUT_PER_MTOK",
    );
    expect(errorMessage({ ...valid, LOG_LEVEL: "loud" })).toContain("LOG_LEVEL");
  });

  it("prefers an explicit APP_VERSION", () => {
    expect(parseServerEnv({ ...valid, APP_VERSION: "2026.12.1" }).APP_VERSION).toBe("2026.12.1");
  });

  it("keeps the statement cache on unless DATABASE_STATEMENT_CACHE turns it off, for the server and the seed alike", () => {
    expect(parseServerEnv(valid).DATABASE_STATEMENT_CACHE).toBe(true);
    expect(
      parseServerEnv({ ...valid, DATABASE_STATEMENT_CACHE: "" }).DATABASE_STATEMENT_CACHE,
    ).toBe(true);
    expect(
      parseServerEnv({ ...valid, DATABASE_STATEMENT_CACHE: "off" }).DATABASE_STATEMENT_CACHE,
    ).toBe(false);
    expect(statementCacheSetting(undefined)).toBe(true);
    expect(statementCacheSetting("")).toBe(true);
    expect(statementCacheSetting("false")).toBe(false);
    expect(() => statementCacheSetting("maybe")).toThrow();
  });
});
