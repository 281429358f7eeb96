import fs from "node:fs";

/*
 * The processes under one pid, read from /proc, with their resident memory. PSS (proportional set
 * size) splits each shared page between the processes that map it, so several server processes
 * of one Node binary are not each charged for all of its code; null where smaps_rollup is not
 * readable.
 */

export type ProcessMemory = {
  pid: number;
  parentPid: number;
  /** The command line, arguments joined by spaces. */
  command: string;
  rssBytes: number;
  pssBytes: number | null;
};

/** The process and all its descendants, parents before children; empty once it has ended. */
export function processTree(rootPid: number): ProcessMemory[] {
  const parentOf = new Map<number, number>();
  for (const entry of fs.readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    const stat = readOrNull(`/proc/${entry}/stat`);
    // Fields after the command name, which may itself hold spaces and parentheses.
    if (stat)
      parentOf.set(Number(entry), Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]));
  }
  const tree: ProcessMemory[] = [];
  const visit = (pid: number) => {
    const memory = readMemory(pid, parentOf.get(pid) ?? 0);
    if (!memory) return;
    tree.push(memory);
    for (const [child, parent] of parentOf) if (parent === pid) visit(child);
  };
  visit(rootPid);
  return tree;
}

function readMemory(pid: number, parentPid: number): ProcessMemory | null {
  const status = readOrNull(`/proc/${pid}/status`);
  const cmdline = readOrNull(`/proc/${pid}/cmdline`);
  if (status === null || cmdline === null) return null;
  const rss = /^VmRSS:\s+(\d+) kB/m.exec(status);
  const pss = /^Pss:\s+(\d+) kB/m.exec(readOrNull(`/proc/${pid}/smaps_rollup`) ?? "");
  return {
    pid,
    parentPid,
    command: cmdline.split("\0").filter(Boolean).join(" "),
    rssBytes: Number(rss?.[1] ?? 0) * 1024,
    pssBytes: pss ? Number(pss[1]) * 1024 : null,
  };
}

function readOrNull(file: string): string | null {
  try {
    return fs.readFileSync(file, "utf8");
  } catch {
    // The process ended between the listing and the read, or the file is not ours to read.
    return null;
  }
}
