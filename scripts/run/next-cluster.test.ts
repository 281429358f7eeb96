import { type ChildProcess, spawn } from "node:child_process";
import fs from "node:fs/promises";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { findFreePort } from "../db/embedded-postgres";

const clusterScript = path.join(import.meta.dirname, "next-cluster.mjs");

// Stands in for `next-server.mjs -p <port>`: answers every request with its own pid.
const fakeServer = `
const http = require("node:http");
const port = Number(process.argv[process.argv.indexOf("-p") + 1]);
http.createServer((req, res) => res.end(String(process.pid))).listen(port);
`;

let primary: ChildProcess | undefined;
afterEach(() => {
  primary?.kill("SIGKILL");
});

// A new connection each time (no keep-alive agent): the primary hands out connections in turn.
function answerOnNewConnection(port: number): Promise<string> {
  return new Promise((resolve, reject) => {
    const request = http.get({ host: "127.0.0.1", port, path: "/", agent: false }, (response) => {
      let body = "";
      response.on("data", (chunk) => {
        body += chunk;
      });
      response.on("end", () => resolve(body));
    });
    request.on("error", reject);
    // A connection handed to a process just killed is never answered; the caller asks again.
    request.setTimeout(2_000, () => request.destroy(new Error("no answer within 2 s")));
  });
}

async function pidsAnswering(port: number, requests: number): Promise<Set<string>> {
  const pids = new Set<string>();
  for (let index = 0; index < requests; index += 1) {
    pids.add(await answerOnNewConnection(port));
  }
  return pids;
}

async function until<T>(read: () => Promise<T>, done: (value: T) => boolean): Promise<T> {
  const deadline = Date.now() + 30_000;
  for (;;) {
    try {
      const value = await read();
      if (done(value)) return value;
    } catch (error) {
      if (Date.now() > deadline) throw error;
    }
    if (Date.now() > deadline) throw new Error("condition not met within 30 s");
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe("next-cluster.mjs", () => {
  it("serves one port from several processes and replaces one that dies", async () => {
    const folder = await fs.mkdtemp(path.join(os.tmpdir(), "next-cluster-"));
    const fakeBin = path.join(folder, "fake-server.cjs");
    await fs.writeFile(fakeBin, fakeServer);
    const port = await findFreePort();
    primary = spawn(process.execPath, [clusterScript, "2", fakeBin, "-p", String(port)], {
      stdio: ["ignore", "ignore", "pipe"],
    });

    const first = await until(
      () => pidsAnswering(port, 8),
      (pids) => pids.size === 2,
    );
    const [victim] = [...first];
    process.kill(Number(victim), "SIGKILL");

    // The dead process is replaced: two processes answer again, the victim not among them.
    const after = await until(
      () => pidsAnswering(port, 8),
      (pids) => pids.size === 2 && !pids.has(victim as string),
    );
    expect(after.size).toBe(2);

    const exited = new Promise<number | null>((resolve) => primary?.once("exit", resolve));
    primary.kill("SIGTERM");
    expect(await exited).toBe(0);
    for (const pid of after) expect(() => process.kill(Number(pid), 0)).toThrow();
  }, 60_000);

  it("refuses a process count that is not one", async () => {
    const child = spawn(process.execPath, [clusterScript, "zero", "next"], { stdio: "ignore" });
    expect(await new Promise((resolve) => child.once("exit", resolve))).toBe(2);
  });
});
