import { describe, expect, it } from "vitest";
import { Slots } from "@/lib/concurrency/slots";
import { limitConcurrentRequests } from "./limit-concurrent-requests";
import type { ModelEvent, ModelProvider, ModelRequest } from "./provider";

type Gate = { open(): void; fail(error: Error): void };

// A provider whose every request stays open until the test lets it finish.
function heldProvider() {
  const started: string[] = [];
  const gates = new Map<string, Gate>();
  const provider: ModelProvider = {
    id: "offline",
    model: "held",
    costMicroUsd: () => 0,
    async *stream(request: ModelRequest): AsyncIterable<ModelEvent> {
      const name = request.system;
      started.push(name);
      await new Promise<void>((resolve, reject) => {
        gates.set(name, { open: resolve, fail: reject });
      });
      yield { type: "finish", reason: "stop" };
    },
  };
  return { provider, started, gates };
}

function request(name: string, signal = new AbortController().signal): ModelRequest {
  return { system: name, transcript: [], tools: [], state: {} as ModelRequest["state"], signal };
}

async function drain(events: AsyncIterable<ModelEvent>): Promise<ModelEvent[]> {
  const all: ModelEvent[] = [];
  for await (const event of events) all.push(event);
  return all;
}

const settle = () => new Promise((resolve) => setImmediate(resolve));

describe("limitConcurrentRequests", () => {
  it("keeps at most the limit open and starts the waiting ones in the order they came", async () => {
    const { provider, started, gates } = heldProvider();
    const limited = limitConcurrentRequests(provider, new Slots(2));
    const runs = ["a", "b", "c", "d"].map((name) => drain(limited.stream(request(name))));
    await settle();
    expect(started).toEqual(["a", "b"]);
    gates.get("b")?.open();
    await settle();
    expect(started).toEqual(["a", "b", "c"]);
    gates.get("a")?.open();
    await settle();
    expect(started).toEqual(["a", "b", "c", "d"]);
    gates.get("c")?.open();
    gates.get("d")?.open();
    expect(await Promise.all(runs)).toEqual(Array(4).fill([{ type: "finish", reason: "stop" }]));
  });

  it("frees the place of a request that failed", async () => {
    const { provider, started, gates } = heldProvider();
    const slots = new Slots(1);
    const limited = limitConcurrentRequests(provider, slots);
    const failing = drain(limited.stream(request("a")));
    const next = drain(limited.stream(request("b")));
    await settle();
    gates.get("a")?.fail(new Error("model server went away"));
    await expect(failing).rejects.toThrow("model server went away");
    await settle();
    expect(started).toEqual(["a", "b"]);
    gates.get("b")?.open();
    await next;
    expect(slots.held).toBe(0);
  });

  it("lets a waiting request whose signal aborts leave the line without taking a place", async () => {
    const { provider, started, gates } = heldProvider();
    const slots = new Slots(1);
    const limited = limitConcurrentRequests(provider, slots);
    const first = drain(limited.stream(request("a")));
    const controller = new AbortController();
    const abandoned = drain(limited.stream(request("b", controller.signal)));
    const last = drain(limited.stream(request("c")));
    await settle();
    controller.abort(new Error("customer left"));
    await expect(abandoned).rejects.toThrow("customer left");
    expect(slots.queued).toBe(1);
    gates.get("a")?.open();
    await first;
    await settle();
    expect(started).toEqual(["a", "c"]);
    gates.get("c")?.open();
    await last;
    expect(slots.held).toBe(0);
  });
});
