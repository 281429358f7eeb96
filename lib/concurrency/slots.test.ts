import { describe, expect, it } from "vitest";
import { Slots } from "./slots";

function deferred() {
  let resolve!: () => void;
  const promise = new Promise<void>((done) => {
    resolve = done;
  });
  return { promise, resolve };
}

describe("Slots", () => {
  it("runs at most `size` at once and starts the waiting ones in arrival order", async () => {
    const slots = new Slots(2);
    const gates = Array.from({ length: 5 }, deferred);
    const started: number[] = [];
    let running = 0;
    let most = 0;
    const runs = gates.map((gate, index) =>
      slots.run(async () => {
        started.push(index);
        running += 1;
        most = Math.max(most, running);
        await gate.promise;
        running -= 1;
      }),
    );
    await Promise.resolve();
    expect(started).toEqual([0, 1]);
    gates[1]?.resolve();
    await runs[1];
    await Promise.resolve();
    expect(started).toEqual([0, 1, 2]);
    for (const gate of gates) gate.resolve();
    await Promise.all(runs);
    expect(started).toEqual([0, 1, 2, 3, 4]);
    expect(most).toBe(2);
  });

  it("gives the slot back when the work throws", async () => {
    const slots = new Slots(1);
    await expect(slots.run(() => Promise.reject(new Error("boom")))).rejects.toThrow("boom");
    await expect(slots.run(() => Promise.resolve("after"))).resolves.toBe("after");
  });

  it("refuses a size below one", () => {
    expect(() => new Slots(0)).toThrow(RangeError);
  });
});
