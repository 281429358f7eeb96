import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { startLogSealer } from "@/lib/server/audit/log-sealer";
import { sealPendingLogs } from "@/lib/server/audit/seal-pending-logs";
import type { WidgetSession } from "@/lib/server/services/widget/resolve-widget-session";
import { widgetEventStreamInput } from "@/lib/server/services/widget/widget-event-stream-input";
import { resetDatabase } from "@/tests/db/test-database";
import { testDatabaseClient } from "@/tests/support/test-database-hooks";
import { type RealtimeSignal, subscribeRealtime, whenListening } from "./listener";
import { writeNodeEventStream } from "./node-event-stream";
import { openEventStream } from "./open-event-stream";
import { publishRealtime } from "./publish";
import { MAX_REPLAY_EVENTS, type RealtimeEventRecord, replayRealtimeEvents } from "./replay-events";

// The listener and replay read the app's own client and env, which are created on first use.
process.env.LOG_LEVEL ??= "silent";

const prisma = testDatabaseClient();
let sealer: ReturnType<typeof startLogSealer>;

beforeAll(async () => {
  await resetDatabase(prisma);
  sealer = startLogSealer({ db: prisma, databaseUrl: inject("databaseUrl"), pollMs: 50 });
  expect(await sealer.whenLeader(10_000)).toBe(true);
});

afterAll(async () => {
  await sealer.stop();
});

function eventsOf(into: RealtimeEventRecord[]) {
  return (signal: RealtimeSignal) => {
    if (signal.kind === "event") into.push(signal.event);
  };
}

/** Publishes and seals; resolves to the event's position (its SSE id). */
async function publish(
  topic: string,
  conversationId: string | null = null,
  payload: Record<string, string> = { topic },
): Promise<bigint> {
  const id = await prisma.$transaction((tx) =>
    publishRealtime(tx, { topic, conversationId, payload }),
  );
  await sealPendingLogs(prisma, { checkpoint: false });
  const row = await prisma.realtimeEvent.findUniqueOrThrow({ where: { id } });
  if (row.position === null) throw new Error("sealing left the event without a position");
  return row.position;
}

function waitFor<T>(check: () => T | undefined, timeoutMs = 5_000): Promise<T> {
  return new Promise((resolve, reject) => {
    const started = Date.now();
    const tick = () => {
      const value = check();
      if (value !== undefined) return resolve(value);
      if (Date.now() - started > timeoutMs) return reject(new Error("timed out"));
      setTimeout(tick, 20);
    };
    tick();
  });
}

describe("LISTEN fan-out", () => {
  it("delivers committed events to every subscriber once, and nothing from a rollback", async () => {
    const first: RealtimeEventRecord[] = [];
    const second: RealtimeEventRecord[] = [];
    const stopFirst = subscribeRealtime(eventsOf(first));
    const stopSecond = subscribeRealtime(eventsOf(second));
    expect(await whenListening()).toBe("listening");

    await prisma
      .$transaction(async (tx) => {
        await publishRealtime(tx, { topic: "rolled.back", payload: {} });
        throw new Error("roll back");
      })
      .catch(() => {});
    const id = await publish("fan.out", "conv_1");

    await waitFor(() => (second.some((event) => event.position === id) ? true : undefined));
    expect(first.filter((event) => event.position === id)).toHaveLength(1);
    expect(first.find((event) => event.position === id)).toMatchObject({
      topic: "fan.out",
      conversationId: "conv_1",
      payload: { topic: "fan.out" },
    });
    expect([...first, ...second].some((event) => event.topic === "rolled.back")).toBe(false);
    stopFirst();
    stopSecond();
  });
});

describe("LISTEN connection loss", () => {
  it("reconnects and delivers what was committed while no connection was listening", async () => {
    const received: RealtimeEventRecord[] = [];
    const stop = subscribeRealtime(eventsOf(received));
    expect(await whenListening()).toBe("listening");
    const before = await publish("before.drop");
    await waitFor(() => (received.some((event) => event.position === before) ? true : undefined));

    // As a database restart or a network cut would: the server ends the listening session.
    await prisma.$executeRaw`
      SELECT pg_terminate_backend(pid) FROM pg_stat_activity
      WHERE application_name = 'countersign-realtime'`;
    const during = await publish("during.drop");

    await waitFor(
      () => (received.some((event) => event.position === during) ? true : undefined),
      10_000,
    );
    const after = await publish("after.drop");
    await waitFor(() => (received.some((event) => event.position === after) ? true : undefined));
    expect(received.filter((event) => event.position === during)).toHaveLength(1);
    stop();
  });
});

describe("replayRealtimeEvents", () => {
  it("replays what came after the last seen id, or asks for a snapshot", async () => {
    const a = await publish("replay.a");
    const b = await publish("replay.b");
    expect(await replayRealtimeEvents(null)).toMatchObject({
      kind: "snapshot",
      reason: "first_connection",
    });
    const replay = await replayRealtimeEvents(a);
    expect(replay.kind).toBe("events");
    expect(replay.kind === "events" && replay.events.map((event) => event.position)).toEqual([b]);
    expect(await replayRealtimeEvents(b)).toMatchObject({ kind: "events", events: [] });
    expect(await replayRealtimeEvents(b + 1000n)).toMatchObject({
      kind: "snapshot",
      reason: "unknown_event_id",
    });

    await prisma.realtimeEvent.createMany({
      data: Array.from({ length: MAX_REPLAY_EVENTS + 1 }, () => ({ topic: "bulk", payload: {} })),
    });
    await sealPendingLogs(prisma, { checkpoint: false });
    expect(await replayRealtimeEvents(b)).toMatchObject({
      kind: "snapshot",
      reason: "too_many_missed",
    });
  });
});

describe("openEventStream", () => {
  // Delivery is at least once: `seen`, committed just before connecting, may also be heard live.
  it("sends hello, the replay with ids, then live events for the conversation asked for", async () => {
    const seen = await publish("stream.seen", "conv_s");
    const missed = await publish("stream.missed", "conv_s");
    await publish("stream.other", "conv_other");

    const abort = new AbortController();
    const response = openEventStream({
      lastEventId: seen,
      conversationId: "conv_s",
      signal: abort.signal,
    });
    expect(response.headers.get("content-type")).toContain("text/event-stream");
    const reader = (response.body as ReadableStream<Uint8Array>).getReader();
    const decoder = new TextDecoder();
    let text = "";
    const readUntil = async (needle: string) => {
      while (!text.includes(needle)) {
        const { value, done } = await reader.read();
        if (done) throw new Error(`stream ended before ${needle}`);
        text += decoder.decode(value);
      }
    };

    await readUntil(`id: ${missed}\n`);
    expect(text).toMatch(/^retry: \d+\n\nevent: hello\ndata: \{"processId":/);
    const live = await publish("stream.live", "conv_s");
    await publish("stream.other", "conv_other");
    await readUntil(`id: ${live}\n`);
    expect(text).not.toContain("stream.other");
    abort.abort();
    const end = await reader.read();
    expect(end.done).toBe(true);
  });
});

/** Reads a web stream's text as it comes; `readUntil` waits for a piece of it. */
function streamReader(body: ReadableStream<Uint8Array>) {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  const state = { text: "" };
  return {
    state,
    reader,
    async readUntil(needle: string) {
      while (!state.text.includes(needle)) {
        const { value, done } = await reader.read();
        if (done) throw new Error(`stream ended before ${needle}`);
        state.text += decoder.decode(value);
      }
    },
  };
}

describe("customer and staff streams in one process", () => {
  it("gives the widget its own conversation's customer-visible changes only, and staff everything", async () => {
    const abort = new AbortController();
    const customer = streamReader(
      openEventStream({
        ...widgetEventStreamInput(
          { conversationId: "conv_w" } as WidgetSession,
          await publish("widget.before", "conv_w"),
        ),
        signal: abort.signal,
      }).body as ReadableStream<Uint8Array>,
    );
    const staff = streamReader(
      openEventStream({ lastEventId: null, signal: abort.signal })
        .body as ReadableStream<Uint8Array>,
    );
    await customer.readUntil("event: hello");
    await staff.readUntil("event: snapshot");

    const internal = await publish("message.created", "conv_w", { visibility: "internal" });
    const elsewhere = await publish("run.status", "conv_other");
    const shown = await publish("run.status", "conv_w", { status: "running" });
    await customer.readUntil(`id: ${shown}\n`);
    await staff.readUntil(`id: ${shown}\n`);

    expect(customer.state.text).toContain(`data: {"id":"${shown}","topic":"run.status"}`);
    expect(customer.state.text).not.toContain(`id: ${internal}\n`);
    expect(customer.state.text).not.toContain(`id: ${elsewhere}\n`);
    expect(customer.state.text).not.toContain("running");
    for (const position of [internal, elsewhere, shown]) {
      expect(staff.state.text).toContain(`id: ${position}\n`);
    }
    abort.abort();
  });
});

describe("writeNodeEventStream", () => {
  it("writes hello, the replay and the conversation's live events to Node's response, with the route's headers", async () => {
    const seen = await publish("node.seen", "conv_n");
    const missed = await publish("node.missed", "conv_n");
    await publish("node.other", "conv_other");
    const server = http.createServer((_req, res) =>
      writeNodeEventStream({ lastEventId: seen, conversationId: "conv_n" }, res, {
        "x-request-id": "req_node",
      }),
    );
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const abort = new AbortController();
    try {
      const response = await fetch(`http://127.0.0.1:${(server.address() as AddressInfo).port}/`, {
        signal: abort.signal,
      });
      expect(response.headers.get("content-type")).toContain("text/event-stream");
      expect(response.headers.get("x-request-id")).toBe("req_node");
      const stream = streamReader(response.body as ReadableStream<Uint8Array>);

      await stream.readUntil(`id: ${missed}\n`);
      expect(stream.state.text).toMatch(/^retry: \d+\n\nevent: hello\ndata: \{"processId":/);
      const live = await publish("node.live", "conv_n");
      await publish("node.other", "conv_other");
      await stream.readUntil(`id: ${live}\n`);
      expect(stream.state.text).not.toContain("node.other");
    } finally {
      abort.abort();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  });
});
