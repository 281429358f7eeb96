import { z } from "zod";
import packageJson from "@/package.json";

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

const pricePerMillionTokens = z.coerce.number().nonnegative().finite().optional();

const serverEnvSchema = z
  .object({
    NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
    DATABASE_URL: z
      .string({ error: "missing" })
      .regex(/^postgres(ql)?:\/\//, "must start with postgres:// or postgresql://"),
    NEXTAUTH_SECRET: z.string({ error: "missing" }).min(32, "must be at least 32 characters"),
    NEXTAUTH_URL: z.url({ protocol: /^https?$/, error: "must be an http(s) URL" }).optional(),
    PORT: z.coerce.number().int().min(1).max(65535).default(3000),
    LOG_LEVEL: z
      .enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"])
      .default("info"),
    DEMO_MODE: booleanFlag.optional(),
    APP_VERSION: optionalText,
    OPENAI_API_KEY: optionalText,
    OPENAI_BASE_URL: z.url({ error: "must be a URL" }).optional(),
    OPENAI_MODEL: optionalText,
    OPENAI_API_MODE: z.enum(["chat", "responses"]).default("chat"),
    OPENAI_PRICE_INPUT_PER_MTOK: pricePerMillionTokens,
    OPENAI_PRICE_OUTPUT_PER_MTOK: pricePerMillionTokens,
    COUNTERSIGN_FAULT_POINT: optionalText,
  })
  .superRefine((value, ctx) => {
    // next-auth v4 builds callback URLs from NEXTAUTH_URL; guessing it from the Host header in
    // production would let a forged header steer sign-in redirects.
    if (value.NODE_ENV === "production" && !value.NEXTAUTH_URL) {
      ctx.addIssue({ code: "custom", path: ["NEXTAUTH_URL"], message: "missing" });
    }
  })
  .transform((value) => ({
    ...value,
    NEXTAUTH_URL: value.NEXTAUTH_URL ?? `http://localhost:${value.PORT}`,
    // The demo hint on /login is harmless locally and noise in a real deployment.
    DEMO_MODE: value.DEMO_MODE ?? value.NODE_ENV !== "production",
    APP_VERSION: value.APP_VERSION ?? packageJson.version,
  }));

export type ServerEnv = z.output<typeof serverEnvSchema>;

const remedies: Record<string, string> = {
  DATABASE_URL:
    "Set it to a Postgres URL such as postgres://user:pass@localhost:5432/countersign, or run `npm start` / `npm run dev`, which start an embedded Postgres and set it for you.",
  NEXTAUTH_SECRET:
    "Set it to a random string, e.g. `openssl rand -base64 32`. `npm start` / `npm run dev` generate one under .data/.",
  NEXTAUTH_URL:
    "Set it to the public URL staff use to reach the app, e.g. http://localhost:3000 (use localhost, not 127.0.0.1, so cookies match).",
  DEMO_MODE: "Use true/false (or 1/0, on/off, yes/no).",
  OPENAI_API_MODE: "Use chat or responses.",
  LOG_LEVEL: "Use one of fatal, error, warn, info, debug, trace, silent.",
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
