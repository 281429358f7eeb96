import { randomUUID } from "node:crypto";
import { readFileSync } from "node:fs";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { parseArgs } from "node:util";
import OpenAI from "openai";
import { SYSTEM_PROMPT } from "@/lib/agent/prompts/system-prompt";
import { findDemoStory } from "@/lib/server/services/intake/demo-stories";
import { runFileAgent } from "./agent-loop";
import type { FileBaselineSeed } from "./seed";
import type { FileRunState } from "./tools";

/*
 * The file baseline's server, one Node process: POST /api/stories { storyKey } starts a run of
 * that story's first message and answers 202 { runId } at once, as ours does; GET
 * /api/runs/:id answers its status. The customers and orders are the seed file's, in memory;
 * each run's state is the JSON file <dir>/<runId>.json. Prints "listening <port>" when ready.
 */

const { values } = parseArgs({
  options: { seed: { type: "string" }, dir: { type: "string" } },
});
if (!values.seed || !values.dir) throw new Error("usage: server.ts --seed FILE --dir DIR");
const seed = JSON.parse(readFileSync(values.seed, "utf8")) as FileBaselineSeed;
const stateDir = values.dir;
const client = new OpenAI({
  apiKey: process.env.OPENAI_API_KEY,
  baseURL: process.env.OPENAI_BASE_URL,
  maxRetries: 0,
});
const model = process.env.OPENAI_MODEL ?? "fake-model";
const runs = new Map<string, FileRunState>();

function readBody(request: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    let data = "";
    request.setEncoding("utf8");
    request.on("data", (chunk) => {
      data += chunk;
    });
    request.on("end", () => resolve(data));
    request.on("error", reject);
  });
}

function send(response: ServerResponse, status: number, body: unknown) {
  response.writeHead(status, { "content-type": "application/json" });
  response.end(JSON.stringify(body));
}

function startStory(storyKey: string): FileRunState | null {
  const story = findDemoStory(storyKey);
  const customer = seed.customers.find((candidate) => candidate.email === story?.customerEmail);
  if (!story || !customer) return null;
  const state: FileRunState = {
    runId: randomUUID(),
    storyKey,
    customerEmail: customer.email,
    channel: story.channel,
    status: "running",
    messages: [
      { role: "system", content: SYSTEM_PROMPT },
      { role: "user", content: story.firstMessage },
    ],
    customerMessages: [],
    teamNotes: [],
    pendingActions: [],
    disputes: [],
  };
  runs.set(state.runId, state);
  const statePath = path.join(stateDir, `${state.runId}.json`);
  runFileAgent(client, model, customer, state, statePath).catch((error: unknown) => {
    state.status = "failed";
    console.error(error);
  });
  return state;
}

const server = createServer(async (request, response) => {
  const url = request.url ?? "";
  if (request.method === "POST" && url === "/api/stories") {
    const { storyKey } = JSON.parse((await readBody(request)) || "{}") as { storyKey?: string };
    const state = startStory(String(storyKey));
    return state ? send(response, 202, { runId: state.runId }) : send(response, 404, {});
  }
  const run = /^\/api\/runs\/([\w-]+)$/.exec(url);
  if (request.method === "GET" && run) {
    const state = runs.get(run[1] as string);
    return state ? send(response, 200, { status: state.status }) : send(response, 404, {});
  }
  send(response, 404, {});
});
server.listen(0, "127.0.0.1", () => {
  console.log(`listening ${(server.address() as AddressInfo).port}`);
});
