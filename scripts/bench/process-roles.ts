/*
 * What each process under `npm start` is for, told by its command line, and which of them are
 * there for nothing once the app serves: a supervisor whose one child is itself a supervisor of
 * ours and nothing else (two layers where one will do), a cluster primary with one worker (a single server needs
 * no cluster), or a helper left running beside them (a compiler service, say). npm and the shell
 * it runs the script in are npm's; Postgres is listed apart.
 */

export type ProcessRole =
  | "server"
  | "supervisor"
  | "cluster primary"
  | "npm"
  | "postgres"
  | "helper";

export type RoledProcess = { pid: number; parentPid: number; command: string; role: ProcessRole };

export function roleOf(command: string): ProcessRole {
  if (/(^|\/)postgres( |$)|^postgres:/.test(command)) return "postgres";
  // A primary's arguments name the server script too.
  if (command.includes("next-cluster.mjs")) return "cluster primary";
  if (command.includes("next-server.mjs")) return "server";
  if (/(^|\/)(node|tsx)\b.*scripts\/(bootstrap\.mjs|run\.ts)/.test(command)) return "supervisor";
  if (/(^|\/)npm( |$)|npm-cli\.js|^(\/bin\/)?sh -c /.test(command)) return "npm";
  return "helper";
}

/** The processes that could go, each with the reason. */
export function redundantProcesses(processes: RoledProcess[]): string[] {
  const childrenOf = (pid: number) => processes.filter((process) => process.parentPid === pid);
  const ours = new Set<ProcessRole>(["supervisor", "cluster primary"]);
  const findings: string[] = [];
  for (const process of processes) {
    if (process.role === "helper") {
      findings.push(`${process.pid} (${process.command.slice(0, 60)}) is a helper left running`);
    }
    if (!ours.has(process.role)) continue;
    // One that owns Postgres has a job of its own: stopping it after the servers.
    const children = childrenOf(process.pid);
    const [only] = children;
    if (children.length === 1 && only && ours.has(only.role)) {
      findings.push(`${process.pid} (${process.role}) only waits on ${only.pid} (${only.role})`);
    }
    const workers = children.filter((child) => child.role === "server");
    if (process.role === "cluster primary" && workers.length === 1) {
      findings.push(`${process.pid} is a cluster primary of a single server process`);
    }
  }
  return findings;
}
