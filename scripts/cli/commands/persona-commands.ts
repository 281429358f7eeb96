import type { Command } from "commander";
import { PERSONAS } from "@/lib/agent/simulator/personas";
import { getServerEnv } from "@/lib/server/env";
import { appContext } from "@/lib/server/process/app-context";
import { runPersona, selectSimulator } from "@/lib/server/services/simulator/run-persona";
import { printRecords, printResult, UsageError } from "../cli-output";
import type { Act } from "./list-commands";

export function registerPersonaCommands(program: Command, act: Act): void {
  const persona = program.command("persona").description("simulated customers who push back");
  persona
    .command("list")
    .description("list the personas")
    .option("--json", "print JSON")
    .action(
      act(async (options: { json?: boolean }) => {
        printRecords(
          Object.values(PERSONAS).map((item) => ({ key: item.key, title: item.title })),
          options,
        );
      }),
    );
  persona
    .command("run")
    .description("let a persona reply on a conversation (at most three messages)")
    .argument("<conversationId>", "the conversation id")
    .requiredOption("--persona <key>", Object.keys(PERSONAS).join(", "))
    .option("--replies <count>", "at most this many messages (1-3)", "3")
    .option("--json", "print JSON")
    .action(
      act(
        async (
          conversationId: string,
          options: { persona: string; replies: string; json?: boolean },
        ) => {
          const maxReplies = Number(options.replies);
          if (!Number.isInteger(maxReplies) || maxReplies < 1 || maxReplies > 3) {
            throw new UsageError("--replies must be 1, 2 or 3.");
          }
          const result = await runPersona(
            {
              conversationId,
              persona: options.persona,
              maxReplies,
              simulator: selectSimulator(getServerEnv()),
            },
            appContext(),
          );
          printResult(
            options.json
              ? result
              : [
                  `${result.persona} (${result.simulator}) on ${conversationId}:`,
                  ...result.replies.map((reply) => `  customer: ${reply.text}`),
                  result.finished ? "  (the persona is done)" : "",
                ]
                  .filter(Boolean)
                  .join("\n"),
            options,
          );
        },
      ),
    );
}
