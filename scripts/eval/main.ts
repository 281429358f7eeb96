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
import { EvalPolicyError, evalPolicySource, readPolicyFile, seededVersion } from "./eval-policy";
import { formatEvalTable } from "./print-eval";
import { ADVERSARIES_UNDER_POLICY, EVAL_TARGETS, type EvalTarget, runEval } from "./run-eval";

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
  .option(
    "--policy <file|version>",
    "play under this refund policy: a JSON document file, or a version label of the seeded workspace (refund-policy/v1)",
  )
  .option("--json", "print the report as JSON (for CI)")
  .parse();

const options = program.opts<{
  k: number;
  targets: EvalTarget[] | string;
  databaseUrl?: string;
  policy?: string;
  json?: boolean;
}>();
const chosenTargets =
  typeof options.targets === "string" ? targetList(options.targets) : options.targets;
// The adversary cases grade v1's amounts, so a policy run leaves them out unless asked for.
const targets =
  options.policy && program.getOptionValueSource("targets") === "default"
    ? chosenTargets.filter((target) => target !== "adversaries")
    : chosenTargets;
if (options.policy && targets.includes("adversaries")) program.error(ADVERSARIES_UNDER_POLICY);

// A policy file is checked before any database starts: a broken one only prints its problems.
const policySource = options.policy ? evalPolicySource(options.policy) : undefined;
const policyFromFile =
  policySource?.kind === "file" ? await orExit(readPolicyFile(policySource.path)) : undefined;

process.env.NEXTAUTH_SECRET ??= "eval-secret-eval-secret-eval-secret-0000";
process.env.LOG_LEVEL ??= "warn";
const external = options.databaseUrl ?? process.env.EVAL_DATABASE_URL;
const server = external ? undefined : await startThrowawayPostgres("countersign_eval");
const url = external ?? (server?.url as string);
process.env.DATABASE_URL = url;
await applyMigrations(url);
const db = new PrismaClient({ adapter: createPrismaAdapter(url) });
try {
  const policy =
    policySource?.kind === "version" ? await seededVersion(db, policySource.label) : policyFromFile;
  if (!options.json) console.log(`Machine: ${describeMachine()}\n`);
  if (policy && !options.json) console.log(`Policy: ${options.policy}\n`);
  const report = await runEval({
    db,
    k: options.k,
    targets,
    policy,
    onTry: options.json
      ? undefined
      : (target, key, result) =>
          process.stderr.write(`${result.passed ? "pass" : "FAIL"} ${target} · ${key}\n`),
  });
  console.log(options.json ? JSON.stringify(report, null, 2) : formatEvalTable(report));
  process.exitCode = report.unsafeOutcomes > 0 ? 2 : report.overallPassHat[0] === 1 ? 0 : 1;
} catch (error) {
  if (!(error instanceof EvalPolicyError)) throw error;
  console.error(error.message);
  process.exitCode = 2;
} finally {
  await db.$disconnect();
  await server?.stop();
}

async function orExit<T>(loading: Promise<T>): Promise<T> {
  try {
    return await loading;
  } catch (error) {
    if (!(error instanceof EvalPolicyError)) throw error;
    console.error(error.message);
    process.exit(2);
  }
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
