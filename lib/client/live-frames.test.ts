import { describe, expect, it } from "vitest";
import { readEventFrame, readHelloFrame, readPreviewFrame, readSnapshotFrame } from "./live-frames";

describe("live stream frames", () => {
  it("reads a staff hello with its process, and a customer's without", () => {
    expect(readHelloFrame('{"processId":"host:1:a","pid":1,"serverTime":"x"}')).toEqual({
      processId: "host:1:a",
      pid: 1,
    });
    expect(readHelloFrame('{"serverTime":"x","listening":true}')).toEqual({});
  });

  it("reads a snapshot, with or without a latest event", () => {
    expect(readSnapshotFrame('{"reason":"listener_gap","latestEventId":"42"}')).toEqual({
      reason: "listener_gap",
      latestEventId: "42",
    });
    expect(
      readSnapshotFrame('{"reason":"replay_failed","latestEventId":null}')?.latestEventId,
    ).toBeNull();
  });

  it("reads an event whole, payload as sent", () => {
    const event = {
      id: "7",
      topic: "run.step",
      conversationId: null,
      payload: { step: 3 },
      createdAt: "2026-01-01T00:00:00.000Z",
    };
    expect(readEventFrame(JSON.stringify(event))).toEqual(event);
  });

  it("reads a preview and its withdrawal", () => {
    expect(readPreviewFrame('{"previewId":"p1","text":"Thanks"}')).toEqual({
      previewId: "p1",
      text: "Thanks",
    });
    expect(readPreviewFrame('{"previewId":"p1","text":null}')).toEqual({
      previewId: "p1",
      text: null,
    });
  });

  it("drops frames that are not JSON or not the expected shape", () => {
    expect(readEventFrame("not json")).toBeNull();
    expect(readEventFrame('{"id":7}')).toBeNull();
    expect(readSnapshotFrame('{"reason":1}')).toBeNull();
    expect(readPreviewFrame('{"previewId":"p1"}')).toBeNull();
    expect(readHelloFrame('{"pid":"one"}')).toBeNull();
  });
});
