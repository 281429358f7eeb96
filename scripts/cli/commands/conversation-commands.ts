import type { Command } from "commander";
import { getServerEnv } from "@/lib/server/env";
import { appContext } from "@/lib/server/process/app-context";
import { DEMO_STORIES } from "@/lib/server/services/intake/demo-stories";
import { replyAsCustomer } from "@/lib/server/services/intake/reply-as-customer";
import { startEmailConversation } from "@/lib/server/services/intake/start-email-conversation";
import { startStory } from "@/lib/server/services/intake/start-story";
import { authenticateStaff, readStdin } from "../authenticate-staff";
import { printRecords, printResult, UsageError } from "../cli-output";
import { waitForRun } from "../wait-for-run";
import type { Act } from "./list-commands";

type JsonOption = { json?: boolean };

export function registerConversationCommands(program: Command, act: Act): void {
  const stories = program.command("stories").description("the canonical demo stories");
  stories
    .command("list")
    .description("list the stories that can be started")
    .option("--json", "print JSON")
    .action(
      act(async (options: JsonOption) => {
        printRecords(
          DEMO_STORIES.map((story) => ({
            key: story.key,
            number: story.number,
            channel: story.channel,
            customer: story.customerEmail,
            title: story.title,
          })),
          options,
        );
      }),
    );
  stories
    .command("start")
    .description("start a story and wait for the agent's first turn")
    .argument("<key>", "a story key (see stories list), e.g. cracked-on-arrival")
    .option("--json", "print JSON")
    .action(
      act(async (key: string, options: JsonOption) => {
        const started = await startStory(
          { storyKey: key, freshCustomer: getServerEnv().DEMO_MODE },
          appContext(),
        );
        const outcome = await started.completion;
        printResult(
          options.json
            ? { conversationId: started.conversationId, runId: started.runId, outcome }
            : `Started ${key}: conversation ${started.conversationId} (agent turn ${outcome ?? "none"}).`,
          options,
        );
      }),
    );

  program
    .command("email")
    .description("inbound email by hand")
    .command("send")
    .description("deliver an email as a customer would; the body is read from stdin")
    .requiredOption("--from <address>", "the sender's address")
    .requiredOption("--subject <text>", "the subject line")
    .option("--json", "print JSON")
    .action(
      act(async (options: JsonOption & { from: string; subject: string }) => {
        const body = (await readStdin()).trim();
        if (!body) throw new UsageError("The email body (stdin) is empty.");
        const started = await startEmailConversation(
          { from: options.from, subject: options.subject, body },
          appContext(),
        );
        const outcome = await started.completion;
        printResult(
          options.json
            ? {
                conversationId: started.conversationId,
                runId: started.runId,
                contactOnly: started.contactOnly,
                outcome,
              }
            : `Email from ${options.from}: conversation ${started.conversationId}${started.contactOnly ? " (no customer account uses this address)" : ""}.`,
          options,
        );
      }),
    );

  program
    .command("reply")
    .description("reply as the customer on a conversation and wait for the agent's answer")
    .argument("<conversationId>", "the conversation id")
    .argument("[text...]", "the message; read from stdin when omitted")
    .requiredOption("--as <email>", "the staff account typing for the customer (audited as them)")
    .option("--json", "print JSON")
    .action(
      act(async (conversationId: string, words: string[], options: JsonOption & { as: string }) => {
        const text = (words.length > 0 ? words.join(" ") : await readStdin()).trim();
        if (!text) throw new UsageError("The reply is empty.");
        const staff = await authenticateStaff(options.as, "tickets.reply");
        const posted = await replyAsCustomer(
          {
            conversationId,
            text,
            staff: { userId: staff.id, roles: [staff.role] },
            demoMode: getServerEnv().DEMO_MODE,
          },
          appContext(),
        );
        const run = await waitForRun(posted.runId);
        printResult(
          options.json ? { ...posted, run } : `Replied on ${conversationId}; agent turn ${run}.`,
          options,
        );
      }),
    );
}
