import type { Command } from "commander";
import { formatMoney } from "@/lib/domain/money";
import { appContext } from "@/lib/server/process/app-context";
import { decideApproval } from "@/lib/server/services/approvals/decide-approval";
import { resolveReconciliation } from "@/lib/server/services/pending-actions/resolve-reconciliation";
import { authenticateStaff } from "../authenticate-staff";
import { printResult } from "../cli-output";
import type { Act } from "./list-commands";

type DecisionOptions = { as?: string; note?: string; json?: boolean };

export function registerDecisionCommands(program: Command, act: Act): void {
  const decide = (decision: "approve" | "reject") =>
    act(async (actionId: string, options: DecisionOptions) => {
      const staff = await authenticateStaff(options.as, "approvals.decide");
      const { result, agentTurn } = await decideApproval(
        {
          ...(decision === "approve"
            ? { decision, note: options.note }
            : { decision, note: options.note ?? "" }),
          actionId,
          deciderId: staff.id,
        },
        appContext(),
      );
      await agentTurn;
      const refund = result.refund
        ? ` Refunded ${formatMoney(result.refund.amountCents, result.refund.currency)} to ${result.refund.target}.`
        : "";
      printResult(
        options.json
          ? result
          : `${result.decision} ${actionId} as ${staff.email}: ${result.status}.${refund}`,
        options,
      );
    });

  program
    .command("approve")
    .description("approve a refund waiting in the queue, as an authenticated approver")
    .argument("<actionId>", "the pending action id (see approvals list)")
    .requiredOption(
      "--as <email>",
      "your staff account; password from COUNTERSIGN_PASSWORD or a prompt",
    )
    .option("--note <text>", "a note for the team")
    .option("--json", "print JSON")
    .action(decide("approve"));

  program
    .command("reject")
    .description("reject a refund; the agent uses the note to tell the customer")
    .argument("<actionId>", "the pending action id (see approvals list)")
    .requiredOption(
      "--as <email>",
      "your staff account; password from COUNTERSIGN_PASSWORD or a prompt",
    )
    .requiredOption("--note <text>", "why: the agent explains this to the customer")
    .option("--json", "print JSON")
    .action(decide("reject"));

  program.commands
    .find((command) => command.name() === "reconciliations")
    ?.command("resolve")
    .description("settle a refund whose payment outcome is unknown")
    .argument("<actionId>", "the pending action id (see reconciliations list)")
    .requiredOption("--as <email>", "your staff account (approver or admin)")
    .requiredOption("--resolution <resolution>", "retry (ask the provider again) or mark_failed")
    .requiredOption("--note <text>", "what you checked")
    .option("--json", "print JSON")
    .action(
      act(
        async (
          actionId: string,
          options: { as?: string; resolution: string; note: string; json?: boolean },
        ) => {
          const staff = await authenticateStaff(options.as, "refunds.reconcile");
          const state = await resolveReconciliation(
            {
              actionId,
              staffId: staff.id,
              resolution: options.resolution as "retry" | "mark_failed",
              note: options.note,
            },
            appContext(),
          );
          printResult(
            options.json ? { actionId, status: state.status } : `${actionId}: ${state.status}`,
            options,
          );
        },
      ),
    );
}
