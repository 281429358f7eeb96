import fc from "fast-check";
import { describe, expect, it, vi } from "vitest";
import type { RealtimeEventRecord } from "./replay-events";
import { type EventView, type FanoutStream, StreamFanout } from "./stream-fanout";

const warn = vi.fn();
vi.mock("@/lib/server/logger", () => ({ getLogger: () => ({ warn }) }));

let nextPosition = 1n;
function event(topic: string, conversationId: string | null): RealtimeEventRecord {
  const position = nextPosition;
  nextPosition += 1n;
  return {
    position,
    id: position,
    topic,
    conversationId,
    payload: { topic },
    createdAt: new Date(0),
  };
}

const wholeView: EventView = { present: (e) => ({ topic: e.topic }) };

type Recorded = FanoutStream & { topics: string[]; frames: Uint8Array[]; resyncs: number };

function stream(conversationId: string | null, view: EventView = wholeView): Recorded {
  const recorded: Recorded = {
    conversationId,
    view,
    topics: [],
    frames: [],
    resyncs: 0,
    deliver(e, frame) {
      recorded.topics.push(e.topic);
      recorded.frames.push(frame);
    },
    resync() {
      recorded.resyncs += 1;
    },
  };
  return recorded;
}

const text = (frame: Uint8Array | undefined) => new TextDecoder().decode(frame);

describe("StreamFanout", () => {
  it("gives a stream of conversation X the events of X, never those of Y or of no conversation", () => {
    const fanout = new StreamFanout();
    const x = stream("conv_x");
    const y = stream("conv_y");
    const all = stream(null);
    for (const s of [x, y, all]) fanout.add(s);

    fanout.publish(event("x.1", "conv_x"));
    fanout.publish(event("y.1", "conv_y"));
    fanout.publish(event("none", null));
    fanout.publish(event("z.1", "conv_z"));
    fanout.publish(event("x.2", "conv_x"));

    expect(x.topics).toEqual(["x.1", "x.2"]);
    expect(y.topics).toEqual(["y.1"]);
    expect(all.topics).toEqual(["x.1", "y.1", "none", "z.1", "x.2"]);
  });

  it("encodes an event once per view and hands every stream of that view the same bytes", () => {
    const fanout = new StreamFanout();
    const present = vi.fn((e: RealtimeEventRecord) => ({ topic: e.topic }));
    const view: EventView = { present };
    const streams = [stream(null, view), stream("conv_a", view), stream("conv_a", view)];
    const other = stream("conv_a", { present: () => ({ changed: true }) });
    for (const s of [...streams, other]) fanout.add(s);

    const published = event("a", "conv_a");
    fanout.publish(published);

    expect(present).toHaveBeenCalledTimes(1);
    const [first] = streams[0]?.frames ?? [];
    for (const s of streams) expect(s.frames[0]).toBe(first);
    expect(text(first)).toBe(`id: ${published.position}\ndata: {"topic":"a"}\n\n`);
    expect(text(other.frames[0])).toBe(`id: ${published.position}\ndata: {"changed":true}\n\n`);
  });

  it("leaves out the events a view does not accept", () => {
    const fanout = new StreamFanout();
    const customer = stream("conv_a", {
      accept: (e) => e.topic === "visible",
      present: (e) => ({ topic: e.topic }),
    });
    const staff = stream("conv_a");
    fanout.add(customer);
    fanout.add(staff);

    fanout.publish(event("internal", "conv_a"));
    fanout.publish(event("visible", "conv_a"));

    expect(customer.topics).toEqual(["visible"]);
    expect(staff.topics).toEqual(["internal", "visible"]);
  });

  it("stops delivering to a removed stream and forgets an empty conversation", () => {
    const fanout = new StreamFanout();
    const first = stream("conv_a");
    const second = stream("conv_a");
    const removeFirst = fanout.add(first);
    const removeSecond = fanout.add(second);
    expect(fanout.size).toBe(2);

    removeFirst();
    removeFirst();
    fanout.publish(event("after.first", "conv_a"));
    removeSecond();
    fanout.publish(event("after.both", "conv_a"));

    expect(fanout.size).toBe(0);
    expect(first.topics).toEqual([]);
    expect(second.topics).toEqual(["after.first"]);
    const again = stream("conv_a");
    fanout.add(again);
    fanout.publish(event("again", "conv_a"));
    expect(again.topics).toEqual(["again"]);
  });

  it("keeps delivering to the other streams when one throws, and logs it", () => {
    const fanout = new StreamFanout();
    const broken = stream(null);
    broken.deliver = () => {
      throw new Error("closed");
    };
    const healthy = stream(null);
    fanout.add(broken);
    fanout.add(healthy);

    fanout.publish(event("still.delivered", null));

    expect(healthy.topics).toEqual(["still.delivered"]);
    expect(warn).toHaveBeenCalled();
  });

  it("tells every stream, of any conversation, to resync", () => {
    const fanout = new StreamFanout();
    const streams = [stream(null), stream("conv_a"), stream("conv_b")];
    for (const s of streams) fanout.add(s);
    fanout.resync(7n);
    expect(streams.map((s) => s.resyncs)).toEqual([1, 1, 1]);
  });

  it("delivers to each stream exactly the events of its conversation that its view accepts, in order", () => {
    const conversation = fc.constantFrom("conv_a", "conv_b", "conv_c");
    const views: EventView[] = [
      wholeView,
      { accept: (e) => e.topic === "shown", present: (e) => e.topic },
    ];
    fc.assert(
      fc.property(
        fc.array(fc.record({ key: fc.option(conversation), view: fc.nat(1) }), { maxLength: 8 }),
        fc.array(
          fc.record({ key: fc.option(conversation), topic: fc.constantFrom("shown", "hidden") }),
          { maxLength: 20 },
        ),
        fc.array(fc.nat(7), { maxLength: 4 }),
        (specs, events, removedIndexes) => {
          const fanout = new StreamFanout();
          const added = specs.map((spec) => {
            const s = stream(spec.key, views[spec.view]);
            return { spec, s, remove: fanout.add(s) };
          });
          for (const index of removedIndexes) added[index]?.remove();
          const published = events.map((e) => event(e.topic, e.key));
          for (const e of published) fanout.publish(e);

          const removed = new Set(removedIndexes.filter((index) => index < added.length));
          added.forEach(({ spec, s }, index) => {
            const view = views[spec.view] as EventView;
            const expected = removed.has(index)
              ? []
              : published
                  .filter((e) => spec.key === null || e.conversationId === spec.key)
                  .filter((e) => view.accept?.(e) ?? true)
                  .map((e) => e.topic);
            expect(s.topics).toEqual(expected);
          });
          expect(fanout.size).toBe(added.length - removed.size);
        },
      ),
    );
  });
});
