import type { Command } from "commander";
import { appContext } from "@/lib/server/process/app-context";
import { outboxDelivery } from "@/lib/server/process/outbox-delivery";
import { deliverOutbox } from "@/lib/server/services/email/deliver-outbox";
import { resumeRun } from "@/lib/server/services/runs/resume-run";
import { stopRun } from "@/lib/server/services/runs/stop-run";
import { authenticateStaff } from "../authenticate-staff";
import { printResult } from "../cli-output";
import type { Act } from "./list-commands";

type StaffOptions = { as?: string; json?: boolean };

export function registerOperationsCommands(program: Command, act: Act): void {
  const runs = program.commands.find((command) => command.name() === "runs");
  runs
    ?.command("stop")
    .description("stop a queued or running agent run (it stays resumable)")
    .argument("<runId>", "the run id (see runs list)")
    .requiredOption("--as <email>", "your staff account")
    .option("--json", "print JSON")
    .action(
      act(async (runId: string, options: StaffOptions) => {
        const staff = await authenticateStaff(options.as, "runs.control");
        const result = await stopRun(
          { runId, actor: { type: "staff", userId: staff.id, roles: [staff.role] } },
          appContext(),
        );
        printResult(options.json ? { runId, ...result } : `${runId}: ${result.status}`, options);
      }),
    );
  runs
    ?.command("resume")
    .description("resume a stopped or failed run from its last stored step")
    .argument("<runId>", "the run id (see runs list)")
    .requiredOption("--as <email>", "your staff account")
    .option("--json", "print JSON")
    .action(
      act(async (runId: string, options: StaffOptions) => {
        const staff = await authenticateStaff(options.as, "runs.control");
        const resumed = await resumeRun(
          { runId, actor: { type: "staff", userId: staff.id, roles: [staff.role] } },
          appContext(),
        );
        const outcome = await resumed.completion;
        printResult(options.json ? { runId, outcome } : `${runId}: ${outcome}`, options);
      }),
    );

  program.commands
    .find((command) => command.name() === "outbox")
    ?.command("send")
    .description("send what the outbox holds now (SMTP_URL, or the sink when unset)")
    .option("--json", "print JSON")
    .action(
      act(async (options: { json?: boolean }) => {
        const result = await deliverOutbox(outboxDelivery(), appContext());
        printResult(
          options.json
            ? result
            : `Sent ${result.sent}, retrying ${result.retrying}, failed ${result.failed}.`,
          options,
        );
      }),
    );
}
