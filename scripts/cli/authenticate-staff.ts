import { createInterface } from "node:readline/promises";
import type { Permission } from "@/lib/domain/authz";
import { can } from "@/lib/domain/authz";
import { appContext } from "@/lib/server/process/app-context";
import { signInStaff } from "@/lib/server/services/auth/sign-in-staff";
import { RefusedError, UsageError } from "./cli-output";

export type CliStaff = {
  id: string;
  email: string;
  name: string;
  role: "agent" | "approver" | "admin";
};

/*
 * Who is acting, proven the way the web sign-in proves it: the account's own password (from
 * COUNTERSIGN_PASSWORD, else a prompt on the terminal), with the same lock-out after repeated
 * failures. The CLI never accepts a name in place of a login.
 */
export async function authenticateStaff(email: string | undefined, permission: Permission) {
  if (!email) throw new UsageError("Say who is acting: --as <staff email>.");
  const password = process.env.COUNTERSIGN_PASSWORD ?? (await promptPassword(email));
  const result = await signInStaff({ email, password, source: "cli" }, appContext());
  if (!result.ok) {
    throw new RefusedError(
      result.reason === "locked"
        ? `Too many failed sign-ins for ${email}; try again in ${result.retryAfterSeconds} s.`
        : `Wrong email or password for ${email}.`,
    );
  }
  if (!can([result.user.role], permission)) {
    throw new RefusedError(
      `${result.user.email} (${result.user.role}) may not do this (${permission}).`,
    );
  }
  return result.user as CliStaff;
}

async function promptPassword(email: string): Promise<string> {
  if (!process.stdin.isTTY) {
    throw new UsageError(
      `No password for ${email}: set COUNTERSIGN_PASSWORD or run the command in a terminal.`,
    );
  }
  const terminal = createInterface({
    input: process.stdin,
    output: process.stderr,
    terminal: true,
  });
  // Hide the typed characters: the prompt is written once, echoes are swallowed.
  const output = terminal as unknown as { _writeToOutput: (text: string) => void };
  let prompted = false;
  output._writeToOutput = (text: string) => {
    if (!prompted) process.stderr.write(text);
    prompted = true;
  };
  try {
    return await terminal.question(`Password for ${email}: `);
  } finally {
    process.stderr.write("\n");
    terminal.close();
  }
}

export async function readStdin(): Promise<string> {
  if (process.stdin.isTTY) {
    process.stderr.write("Type the message, then Ctrl+D:\n");
  }
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString("utf8");
}
