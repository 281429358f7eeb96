import { Command, CommanderError } from "commander";
import { withDatabase } from "../db/dev-database";
import { devAuditKey, devConnectionsKey } from "../run/dev-auth-secret";
import { EXIT_USAGE, exitCodeForError } from "./cli-output";
import { registerAuditCommands } from "./commands/audit-commands";
import { registerConversationCommands } from "./commands/conversation-commands";
import { registerDecisionCommands } from "./commands/decision-commands";
import type { Act } from "./commands/list-commands";
import { registerListCommands } from "./commands/list-commands";
import { registerOperationsCommands } from "./commands/operations-commands";
import { registerOrderCommands } from "./commands/order-commands";
import { registerPersonaCommands } from "./commands/persona-commands";
import { registerReceiptCommands } from "./commands/receipt-commands";

/*
 * The operator CLI: `npm run cli -- <command>`. Each command is a fresh process against the
 * same database as the app (DATABASE_URL, else the embedded dev Postgres) and goes through the
 * same services as the web screens. Exit codes: 0 done, 1 refused by the product, 2 bad usage.
 */

// The CLI signs no web sessions, but env.ts validates the whole configuration.
process.env.NEXTAUTH_SECRET ??= "countersign-cli-signs-no-sessions-0000";
process.env.LOG_LEVEL ??= "warn";
// On the embedded development database, the audit and connections keys `npm start` gave the local
// server (scripts/run/serve-locally.ts). Against a DATABASE_URL only the variables themselves
// count, so a deployment that lacks them is told so rather than run with keys that cannot match.
if (!process.env.DATABASE_URL) {
  process.env.AUDIT_KEY ??= await devAuditKey();
  process.env.CONNECTIONS_ENCRYPTION_KEY ??= await devConnectionsKey();
}

let failure: { code: number; message: string } | null = null;

// A command runs against the database unless it says it needs none (an offline check of a file).
const act: Act =
  (work, { database = true } = {}) =>
  async (...args) => {
    try {
      if (!database) {
        await work(...args);
        return;
      }
      await withDatabase(async (url) => {
        process.env.DATABASE_URL = url;
        try {
          await work(...args);
        } finally {
          const { db } = await import("@/lib/server/db");
          await db.$disconnect();
        }
      });
    } catch (error) {
      failure = exitCodeForError(error);
    }
  };

function buildProgram(): Command {
  const program = new Command()
    .name("countersign")
    .description("Operate Countersign from a terminal.")
    .exitOverride()
    .configureOutput({ writeErr: (text) => process.stderr.write(text) })
    .showHelpAfterError();
  registerListCommands(program, act);
  registerDecisionCommands(program, act);
  registerOrderCommands(program, act);
  registerConversationCommands(program, act);
  registerOperationsCommands(program, act);
  registerAuditCommands(program, act);
  registerReceiptCommands(program, act);
  registerPersonaCommands(program, act);
  return program;
}

async function main(): Promise<number> {
  const program = buildProgram();
  const argv = process.argv.slice(2);
  if (argv.length === 0) {
    program.outputHelp();
    return EXIT_USAGE;
  }
  try {
    await program.parseAsync(argv, { from: "user" });
  } catch (error) {
    if (error instanceof CommanderError) {
      const helpShown = ["commander.helpDisplayed", "commander.help", "commander.version"];
      return helpShown.includes(error.code) ? 0 : EXIT_USAGE;
    }
    failure = exitCodeForError(error);
  }
  const failed = failure as { code: number; message: string } | null;
  if (failed) {
    process.stderr.write(`countersign: ${failed.message}\n`);
    return failed.code;
  }
  return 0;
}

main().then((code) => process.exit(code));
