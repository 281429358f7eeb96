import type { Command } from "commander";
import { appContext } from "@/lib/server/process/app-context";
import { listApprovalQueue } from "@/lib/server/services/approvals/list-approval-queue";
import { inboxQuerySchema, listInbox } from "@/lib/server/services/inbox/list-inbox";
import {
  listOutbox,
  listReconciliations,
  listRuns,
} from "@/lib/server/services/operator/list-operator-records";
import { printRecords } from "../cli-output";

type JsonOption = { json?: boolean };

export function registerListCommands(program: Command, act: Act): void {
  program
    .command("conversations")
    .description("conversations (tickets)")
    .command("list")
    .description("list conversations, newest activity first")
    .option("--status <status>", "only this status (e.g. needs_approval)")
    .option("--channel <channel>", "chat or email")
    .option("--json", "print JSON")
    .action(
      act(async (options: JsonOption & { status?: string; channel?: string }) => {
        const query = inboxQuerySchema.parse({ status: options.status, channel: options.channel });
        // The operator's CLI runs with the database's credentials: it lists every workspace.
        const page = await listInbox({ ...query, everyWorkspace: true }, appContext());
        printRecords(
          page.conversations.map((row) => ({
            conversationId: row.id,
            channel: row.channel,
            status: row.status,
            subject: row.subject,
            customer: row.customer.email,
            lastMessageAt: row.lastMessageAt.toISOString(),
          })),
          options,
        );
      }),
    );

  const runs = program.command("runs").description("agent runs: list, stop, resume");
  runs
    .command("list")
    .description("list recent runs with their model, tokens and cost")
    .option("--conversation <conversationId>", "only runs of this conversation")
    .option("--json", "print JSON")
    .action(
      act(async (options: JsonOption & { conversation?: string }) => {
        printRecords(
          await listRuns({ conversationId: options.conversation }, appContext()),
          options,
        );
      }),
    );

  program
    .command("approvals")
    .description("the approval queue")
    .command("list")
    .description("list refunds waiting for a staff approver")
    .option("--json", "print JSON")
    .action(
      act(async (options: JsonOption) => {
        const queue = await listApprovalQueue({ everyWorkspace: true }, appContext());
        printRecords(
          queue.items.map((item) => ({
            actionId: item.actionId,
            conversationId: item.conversationId,
            customer: item.customer.email,
            orderNumber: item.orderNumber,
            items: item.items,
            netRefundCents: item.netRefundCents,
            currency: item.currency,
            quoteHash: item.quoteHash,
            requestedAt: item.requestedAt,
          })),
          options,
        );
      }),
    );

  const reconciliations = program
    .command("reconciliations")
    .description("refunds whose payment outcome is unknown: list, resolve");
  reconciliations
    .command("list")
    .description("list refunds waiting for reconciliation")
    .option("--json", "print JSON")
    .action(
      act(async (options: JsonOption) => {
        printRecords(await listReconciliations({}, appContext()), options);
      }),
    );

  const outbox = program.command("outbox").description("the email outbox: list, send");
  outbox
    .command("list")
    .description("list outgoing emails and their delivery state")
    .option("--status <status>", "pending, sending, sent or failed")
    .option("--json", "print JSON")
    .action(
      act(async (options: JsonOption & { status?: "pending" | "sending" | "sent" | "failed" }) => {
        printRecords(await listOutbox({ status: options.status }, appContext()), options);
      }),
    );
}

// biome-ignore lint/suspicious/noExplicitAny: commander passes each action its own argument shape.
export type Act = <Args extends any[]>(
  work: (...args: Args) => Promise<void>,
  options?: { database?: boolean },
) => (...args: Args) => Promise<void>;
