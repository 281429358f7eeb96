import { isIP } from "node:net";
import { z } from "zod";
import packageJson from "@/package.json";
import { isEncryptionKey } from "./crypto/encryption-key";

/*
 * The only reader of process.env in app code. Values are validated once, on first use, rather
 * than at import: `next build` imports route modules to collect their config and must work
 * without a database or secrets.
 *
 * No `import "server-only"` here: the proxy and the unit tests import this module too. Browser
 * bundles never see these values (Next inlines only NEXT_PUBLIC_* variables), so an accidental
 * client import fails validation loudly instead of leaking anything.
 */

const booleanFlag = z
  .enum(["1", "0", "true", "false", "on", "off", "yes", "no"])
  .transform((value) => ["1", "true", "on", "yes"].includes(value));

const optionalText = z.string().optional();

const statementCacheFlag = booleanFlag.default(true);

/** DATABASE_STATEMENT_CACHE for scripts that open the database without the server's env (the seed). */
export function statementCacheSetting(value: string | undefined): boolean {
  return statementCacheFlag.parse(value === "" ? undefined : value);
}

// "10.0.0.1, 10.1.0.0/16, fd00::/8": the reverse proxies whose X-Forwarded-For entries count.
const trustedProxies = z
  .string()
  .transform((value) =>
    value
      .split(",")
      .map((entry) => entry.trim())
      .filter((entry) => entry !== ""),
  )
  .refine(
    (entries) =>
      entries.every((entry) => {
        const [address = "", prefix] = entry.split("/");
        const family = isIP(address);
        if (family === 0) return false;
        if (prefix === undefined) return true;
        return /^\d+$/.test(prefix) && Number(prefix) <= (family === 4 ? 32 : 128);
      }),
    "must be a comma-separated list of IP addresses or CIDR ranges",
  );

const pricePerMillionTokens = z.coerce.number().nonnegative().finite().optional();

/** Keys the audit chain outside production only (tests, a bare `next dev`); never secret. */
export const DEVELOPMENT_AUDIT_KEY = "countersign-development-audit-key-not-secret";

/**
 * Encrypts payment connections' secrets outside production only (tests, a bare `next dev`); never
 * secret, so `npm start` / `npm run dev` generate a real one under .data/ instead.
 */
export const DEVELOPMENT_CONNECTIONS_KEY = Buffer.from("countersign-dev-connections-key!").toString(
  "base64url",
);

const serverEnvSchema = z
  .object({
    NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
    DATABASE_URL: z
      .string({ error: "missing" })
      .regex(/^postgres(ql)?:\/\//, "must start with postgres:// or postgresql://"),
    DATABASE_STATEMENT_CACHE: statementCacheFlag,
    DATABASE_POOL_SIZE: z.coerce.number().int().min(2).max(500).default(10),
    DATABASE_TRANSACTION_WAIT_SECONDS: z.coerce.number().min(1).max(600).default(60),
    INTAKE_CONCURRENCY: z.coerce.number().int().min(1).max(500).optional(),
    NEXTAUTH_SECRET: z.string({ error: "missing" }).min(32, "must be at least 32 characters"),
    NEXTAUTH_URL: z.url({ protocol: /^https?$/, error: "must be an http(s) URL" }).optional(),
    AUDIT_KEY: z.string().min(32, "must be at least 32 characters").optional(),
    CONNECTIONS_ENCRYPTION_KEY: z
      .string()
      .refine(isEncryptionKey, "must be 32 bytes written as base64 or base64url")
      .optional(),
    STRIPE_API_URL: z.url({ protocol: /^https?$/, error: "must be an http(s) URL" }).optional(),
    SHOPIFY_API_URL: z.url({ protocol: /^https?$/, error: "must be an http(s) URL" }).optional(),
    PORT: z.coerce.number().int().min(1).max(65535).default(3000),
    LOG_LEVEL: z
      .enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"])
      .default("info"),
    DEMO_MODE: booleanFlag.optional(),
    TRUSTED_PROXIES: trustedProxies.optional(),
    APP_VERSION: optionalText,
    OPENAI_API_KEY: optionalText,
    OPENAI_BASE_URL: z.url({ error: "must be a URL" }).optional(),
    OPENAI_MODEL: optionalText,
    OPENAI_API_MODE: z.enum(["chat", "responses"]).default("chat"),
    OPENAI_STORE: booleanFlag.optional(),
    OPENAI_PRICE_INPUT_PER_MTOK: pricePerMillionTokens,
    OPENAI_PRICE_OUTPUT_PER_MTOK: pricePerMillionTokens,
    MODEL_CONTEXT_TOKENS: z.coerce.number().int().min(2048).max(10_000_000).default(32_768),
    COUNTERSIGN_FAULT_POINT: optionalText,
    JOB_RUN_CONCURRENCY: z.coerce.number().int().min(1).max(64).default(4),
    RUNS_PER_PROCESS: z.coerce.number().int().min(0).max(10_000).default(500),
    MODEL_MAX_CONCURRENT_REQUESTS: z.coerce.number().int().min(1).max(10_000).default(500),
    JOB_POLL_SECONDS: z.coerce.number().min(0.5).max(60).default(2),
    WIDGET_FRAME_ANCESTORS: z
      .string()
      .default("")
      .transform((value) => value.split(/[\s,]+/).filter(Boolean))
      .pipe(z.array(z.url({ protocol: /^https?$/ }).transform((url) => new URL(url).origin))),
    SMTP_URL: z
      .url({ protocol: /^smtps?$/, error: "must be an smtp:// or smtps:// URL" })
      .optional(),
    INBOUND_SMTP_PORT: z.coerce.number().int().min(1).max(65535).optional(),
    INBOUND_SMTP_HOST: z.string().default("127.0.0.1"),
    INBOUND_EMAIL_SECRET: z.string().min(32, "must be at least 32 characters").optional(),
    SUPPORT_EMAIL_ADDRESS: z
      .email({ error: "must be an email address" })
      .default("support@countersign.local"),
    ATTACHMENTS_DIR: optionalText,
  })
  .superRefine((value, ctx) => {
    // next-auth v4 builds callback URLs from NEXTAUTH_URL; guessing it from the Host header in
    // production would let a forged header steer sign-in redirects.
    if (value.NODE_ENV === "production" && !value.NEXTAUTH_URL) {
      ctx.addIssue({ code: "custom", path: ["NEXTAUTH_URL"], message: "missing" });
    }
    // A known key would let anyone with database access re-hash an edited audit chain.
    if (value.NODE_ENV === "production" && !value.AUDIT_KEY) {
      ctx.addIssue({ code: "custom", path: ["AUDIT_KEY"], message: "missing" });
    }
    // A known key would decrypt every payment connection's secrets for anyone with the database.
    if (value.NODE_ENV === "production" && !value.CONNECTIONS_ENCRYPTION_KEY) {
      ctx.addIssue({ code: "custom", path: ["CONNECTIONS_ENCRYPTION_KEY"], message: "missing" });
    }
  })
  .transform((value) => ({
    ...value,
    // Half the pool: a burst of intakes queues in memory and leaves connections for the runs,
    // the approvals and the page loads that arrive meanwhile.
    INTAKE_CONCURRENCY:
      value.INTAKE_CONCURRENCY ?? Math.max(1, Math.floor(value.DATABASE_POOL_SIZE / 2)),
    NEXTAUTH_URL: value.NEXTAUTH_URL ?? `http://localhost:${value.PORT}`,
    // Demo mode lets staff speak within a customer's chat session, so it is on only when set:
    // `npm start` / `npm run dev` set it for the embedded local database and nowhere else.
    DEMO_MODE: value.DEMO_MODE ?? false,
    TRUSTED_PROXIES: value.TRUSTED_PROXIES ?? [],
    APP_VERSION: value.APP_VERSION ?? packageJson.version,
    AUDIT_KEY: value.AUDIT_KEY ?? DEVELOPMENT_AUDIT_KEY,
    CONNECTIONS_ENCRYPTION_KEY: value.CONNECTIONS_ENCRYPTION_KEY ?? DEVELOPMENT_CONNECTIONS_KEY,
  }));

export type ServerEnv = z.output<typeof serverEnvSchema>;

const remedies: Record<string, string> = {
  DATABASE_URL:
    "Set it to a Postgres URL such as postgres://user:pass@localhost:5432/countersign, or run `npm start` / `npm run dev`, which start an embedded Postgres and set it for you.",
  NEXTAUTH_SECRET:
    "Set it to a random string, e.g. `openssl rand -base64 32`. `npm start` / `npm run dev` generate one under .data/.",
  AUDIT_KEY:
    "Set it to a random secret kept apart from the database, e.g. `openssl rand -base64 32`; it keys the audit hash chain, so changing it makes the existing chain fail verification. `npm start` / `npm run dev` generate one under .data/.",
  CONNECTIONS_ENCRYPTION_KEY:
    "Set it to 32 random bytes in base64, e.g. `openssl rand -base64 32`, kept apart from the database; it encrypts the payment connections' secrets, so losing or changing it means entering every connection's keys again. `npm start` / `npm run dev` generate one under .data/.",
  STRIPE_API_URL:
    "Set it to the base URL of a Stripe test double or egress proxy, e.g. http://127.0.0.1:12111, or leave it unset to talk to Stripe itself.",
  SHOPIFY_API_URL:
    "Set it to the base URL of a Shopify Admin API test double or egress proxy, e.g. http://127.0.0.1:12112, or leave it unset to talk to each shop's own https://<shop>.myshopify.com.",
  NEXTAUTH_URL:
    "Set it to the public URL staff use to reach the app, e.g. http://localhost:3000 (use localhost, not 127.0.0.1, so cookies match).",
  DEMO_MODE: "Use true/false (or 1/0, on/off, yes/no).",
  TRUSTED_PROXIES:
    "List the reverse proxies in front of the app, e.g. 10.0.0.1,10.1.0.0/16, or leave it unset.",
  OPENAI_API_MODE: "Use chat or responses.",
  OPENAI_STORE: "Use true/false (or 1/0, on/off, yes/no).",
  MODEL_CONTEXT_TOKENS:
    "Set it to the model's context size in tokens (a whole number, at least 2048), e.g. 8192 for llama-server -c 8192.",
  WIDGET_FRAME_ANCESTORS:
    "List the shop origins allowed to embed the chat widget, separated by spaces, e.g. https://shop.example.com.",
  SMTP_URL:
    "Set it to smtp://user:pass@host:port (or smtps://) of the mail server that sends replies; leave it unset to keep replies in the outbox shown on each ticket.",
  INBOUND_SMTP_PORT:
    "Set it to the TCP port the built-in SMTP listener accepts mail on, e.g. 2525.",
  INBOUND_EMAIL_SECRET:
    "Set it to a random string of at least 32 characters shared with the service that posts to /api/inbound/email, e.g. `openssl rand -hex 32`.",
  SUPPORT_EMAIL_ADDRESS: "Set it to the address customers write to, e.g. support@example.com.",
  LOG_LEVEL: "Use one of fatal, error, warn, info, debug, trace, silent.",
  JOB_RUN_CONCURRENCY:
    "Use a whole number from 1 to 64 (agent turns this instance works on at once).",
  JOB_POLL_SECONDS: "Use a number of seconds from 0.5 to 60.",
  RUNS_PER_PROCESS:
    "Use a whole number from 0 to 10000 (agent runs this process advances itself at once; 0 leaves every run to the job workers).",
  MODEL_MAX_CONCURRENT_REQUESTS:
    "Use a whole number from 1 to 10000 (model requests this process has open at once).",
  DATABASE_POOL_SIZE:
    "Use a whole number from 2 to 500 (Postgres connections this process may hold; keep the sum over all processes below the server's max_connections).",
  DATABASE_TRANSACTION_WAIT_SECONDS: "Use a number of seconds from 1 to 600.",
  INTAKE_CONCURRENCY:
    "Use a whole number from 1 to 500 (intake transactions this process runs at once; the rest wait their turn).",
};

export class EnvError extends Error {
  override name = "EnvError";
}

function describeIssues(error: z.ZodError): string {
  const lines = error.issues.map((issue) => {
    const variable = String(issue.path[0] ?? "environment");
    const remedy = remedies[variable];
    return `  - ${variable}: ${issue.message}.${remedy ? ` ${remedy}` : ""}`;
  });
  return `Invalid environment configuration (see .env.example):\n${lines.join("\n")}`;
}

type EnvSource = Record<string, string | undefined>;

// A line copied from .env.example as `OPENAI_BASE_URL=` means "not set", not "set to nothing".
function withoutBlankValues(source: EnvSource): EnvSource {
  return Object.fromEntries(
    Object.entries(source)
      .map(([key, value]) => [key, value?.trim()])
      .filter(([, value]) => value !== undefined && value !== ""),
  );
}

/** Pure parser, exported for tests; app code calls `getServerEnv()`. */
export function parseServerEnv(source: EnvSource): ServerEnv {
  const result = serverEnvSchema.safeParse(withoutBlankValues(source));
  if (!result.success) throw new EnvError(describeIssues(result.error));
  return result.data;
}

let cached: ServerEnv | undefined;

export function getServerEnv(): ServerEnv {
  cached ??= parseServerEnv(process.env);
  return cached;
}
