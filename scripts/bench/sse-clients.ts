/*
 * A worker thread of bench:sse: holds its share of the SSE clients and notes when each bench
 * event reaches each of them. Kept cheap on purpose, because these clients share the machine's
 * cores with the servers they measure: plain `node:http` (no fetch and web streams), no SSE
 * library, no JSON parsing of events, one clock read per chunk. Times are CLOCK_MONOTONIC
 * (process.hrtime), the same clock in every thread, so they compare with the publisher's.
 */
import http from "node:http";
import { parentPort, workerData } from "node:worker_threads";

export type ClientsWorkerInput = {
  /** One origin per server instance; client i of the whole bench goes to origin i % length. */
  origins: string[];
  cookie: string;
  /** Global indexes of this worker's clients. */
  clientIndexes: number[];
  events: number;
};

export type ClientsWorkerMessage =
  | { kind: "hello"; processId: string }
  | { kind: "failed"; error: string }
  /**
   * Receipt times (ms, monotonic) per client, per event sequence number (NaN for never), and the
   * server process each client's hello named.
   */
  | { kind: "report"; received: Float64Array[]; processIds: Array<string | null> };

const input = workerData as ClientsWorkerInput;
const port = parentPort;
if (!port) throw new Error("sse-clients runs as a worker thread");

const nowMs = () => Number(process.hrtime.bigint()) / 1e6;
const SEQ_MARK = '"topic":"bench.tick"';
const HELLO_PROCESS = /"processId":"([^"]+)"/;
const CONNECTS_AT_ONCE = 25;

const received = input.clientIndexes.map(() => new Float64Array(input.events).fill(Number.NaN));
const processIds: Array<string | null> = input.clientIndexes.map(() => null);
const requests: http.ClientRequest[] = [];

/** Reads the complete frames of `text`; returns what is left of an incomplete last frame. */
function readFrames(text: string, at: number, slot: number): string {
  const times = received[slot] as Float64Array;
  let start = 0;
  for (;;) {
    const end = text.indexOf("\n\n", start);
    if (end === -1) return text.slice(start);
    const frame = text.slice(start, end);
    start = end + 2;
    if (frame.includes(SEQ_MARK)) {
      const seqAt = frame.indexOf('"seq":');
      const seq = Number.parseInt(frame.slice(seqAt + 6), 10);
      if (seqAt !== -1 && seq >= 0 && seq < times.length) times[seq] = at;
    } else if (frame.includes("event: hello")) {
      const processId = HELLO_PROCESS.exec(frame)?.[1] ?? "anonymous";
      processIds[slot] = processId;
      port?.postMessage({ kind: "hello", processId } satisfies ClientsWorkerMessage);
    }
  }
}

function connect(slot: number): Promise<void> {
  const clientIndex = input.clientIndexes[slot] as number;
  const origin = new URL(input.origins[clientIndex % input.origins.length] as string);
  return new Promise((resolve, reject) => {
    const request = http.get(
      {
        host: origin.hostname,
        port: origin.port,
        path: "/api/events",
        headers: { Cookie: input.cookie, Accept: "text/event-stream" },
        agent: false,
      },
      (response) => {
        if (response.statusCode !== 200) {
          reject(new Error(`SSE connect failed: ${response.statusCode}`));
          response.resume();
          return;
        }
        // latin1: one byte one char, no UTF-8 decoding state; the marks searched for are ASCII.
        response.setEncoding("latin1");
        let pending = "";
        response.on("data", (chunk: string) => {
          pending = readFrames(pending + chunk, nowMs(), slot);
        });
        response.on("error", () => {});
        resolve();
      },
    );
    // After the response has come, this is the bench ending the stream: nothing to reject.
    request.on("error", reject);
    requests.push(request);
  });
}

try {
  const slots = input.clientIndexes.map((_, slot) => slot);
  for (let from = 0; from < slots.length; from += CONNECTS_AT_ONCE) {
    await Promise.all(slots.slice(from, from + CONNECTS_AT_ONCE).map(connect));
  }
} catch (error) {
  port.postMessage({ kind: "failed", error: String(error) } satisfies ClientsWorkerMessage);
}

port.on("message", (message: "report") => {
  if (message !== "report") return;
  for (const request of requests) request.destroy();
  port.postMessage({ kind: "report", received, processIds } satisfies ClientsWorkerMessage);
});
