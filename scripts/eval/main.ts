/*
 * npm run eval: grades a model by what it did to the database. Starts its own throwaway embedded
 * Postgres (migrated and seeded) unless --database-url or EVAL_DATABASE_URL names one, which is
 * wiped and reseeded before every try, so never point it at real data.
 */
import { Command, InvalidArgumentError, Option } from "commander";
import { PrismaClient } from "@/lib/generated/prisma/client";
import { createPrismaAdapter } from "@/lib/server/database-session";
import { describeMachine } from "../bench/support";
import { startThrowawayPostgres } from "../db/embedded-postgres";
import { applyMigrations } from "../db/schema-engine";
import { formatEvalTable } from "./print-eval";
import { EVAL_TARGETS, type EvalTarget, runEval } from "./run-eval";

const program = new Command()
  .name("eval")
  .description("Play the stories, personas and adversaries k times each and grade the end state")
  .option("--k <n>", "tries per case", positiveInteger, 1)
  .addOption(
    new Option(
      "--targets <list>",
      "comma-separated: model, offline, fake-chat, fake-responses, adversaries, do-nothing",
    )
      .default("offline,fake-chat,fake-responses,adversaries")
      .argParser(targetList),
  )
  .option(
    "--database-url <url>",
    "a database to use (wiped and reseeded) instead of a throwaway one",
  )
  .option("--json", "print the report as JSON (for CI)")
  .parse();

const options = program.opts<{
  k: number;
  targets: EvalTarget[] | string;
  databaseUrl?: string;
  json?: boolean;
}>();
const targets = typeof options.targets === "string" ? targetList(options.targets) : options.targets;

process.env.NEXTAUTH_SECRET ??= "eval-secret-eval-secret-eval-secret-0000";
process.env.LOG_LEVEL ??= "warn";
const external = options.databaseUrl ?? process.env.EVAL_DATABASE_URL;
const server = external ? undefined : await startThrowawayPostgres("countersign_eval");
const url = external ?? (server?.url as string);
process.env.DATABASE_URL = url;
await applyMigrations(url);
const db = new PrismaClient({ adapter: createPrismaAdapter(url) });
try {
  if (!options.json) console.log(`Machine: ${describeMachine()}\n`);
  const report = await runEval({
    db,
    k: options.k,
    targets,
    onTry: options.json
      ? undefined
      : (target, key, result) =>
          process.stderr.write(`${result.passed ? "pass" : "FAIL"} ${target} · ${key}\n`),
  });
  console.log(options.json ? JSON.stringify(report, null, 2) : formatEvalTable(report));
  process.exitCode = report.unsafeOutcomes > 0 ? 2 : report.overallPassHat[0] === 1 ? 0 : 1;
} finally {
  await db.$disconnect();
  await server?.stop();
}

function positiveInteger(value: string): number {
  const parsed = Number(value);
  if (!Number.isInteger(parsed) || parsed < 1)
    throw new InvalidArgumentError("must be a whole number ≥ 1");
  return parsed;
}

function targetList(value: string): EvalTarget[] {
  const list = value
    .split(",")
    .map((item) => item.trim())
    .filter(Boolean);
  const unknown = list.filter((item) => !(EVAL_TARGETS as readonly string[]).includes(item));
  if (unknown.length > 0 || list.length === 0) {
    throw new InvalidArgumentError(`choose from ${EVAL_TARGETS.join(", ")}`);
  }
  return list as EvalTarget[];
}
