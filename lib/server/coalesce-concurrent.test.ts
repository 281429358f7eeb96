import { describe, expect, it } from "vitest";
import { oneAttemptAtATime, shareConcurrentRead } from "./coalesce-concurrent";

function deferred<T>() {
  let resolve: (value: T) => void = () => {};
  let reject: (error: unknown) => void = () => {};
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

describe("oneAttemptAtATime", () => {
  it("runs one attempt per key and client; the others wait for it and are told they did not run", async () => {
    const client = {};
    const gate = deferred<string>();
    let runs = 0;
    const attempt = () => {
      runs += 1;
      return gate.promise;
    };
    const first = oneAttemptAtATime(client, "decide:pa_1", attempt);
    const waiting = [1, 2, 3].map(() => oneAttemptAtATime(client, "decide:pa_1", attempt));
    gate.resolve("approved");
    expect(await first).toEqual({ ran: true, value: "approved" });
    expect(await Promise.all(waiting)).toEqual([{ ran: false }, { ran: false }, { ran: false }]);
    expect(runs).toBe(1);
  });

  it("lets waiters go on after a failed attempt, and the next call runs afresh", async () => {
    const client = {};
    const gate = deferred<string>();
    const first = oneAttemptAtATime(client, "k", () => gate.promise);
    const waiter = oneAttemptAtATime(client, "k", () => Promise.resolve("never"));
    gate.reject(new Error("over the limit"));
    await expect(first).rejects.toThrow("over the limit");
    expect(await waiter).toEqual({ ran: false });
    expect(await oneAttemptAtATime(client, "k", () => Promise.resolve("second"))).toEqual({
      ran: true,
      value: "second",
    });
  });

  it("never coalesces across clients (processes) or keys", async () => {
    const [a, b] = [{}, {}];
    const gate = deferred<string>();
    const held = oneAttemptAtATime(a, "k", () => gate.promise);
    expect(await oneAttemptAtATime(b, "k", () => Promise.resolve("b"))).toEqual({
      ran: true,
      value: "b",
    });
    expect(await oneAttemptAtATime(a, "other", () => Promise.resolve("other"))).toEqual({
      ran: true,
      value: "other",
    });
    gate.resolve("a");
    expect(await held).toEqual({ ran: true, value: "a" });
  });
});

describe("shareConcurrentRead", () => {
  it("gives callers during a read that read's result, and reads again once it settled", async () => {
    const client = {};
    const gate = deferred<number>();
    let reads = 0;
    const read = () => {
      reads += 1;
      return reads === 1 ? gate.promise : Promise.resolve(reads);
    };
    const shared = [1, 2, 3].map(() => shareConcurrentRead(client, "decision:pa_1", read));
    gate.resolve(42);
    expect(await Promise.all(shared)).toEqual([42, 42, 42]);
    expect(await shareConcurrentRead(client, "decision:pa_1", read)).toBe(2);
  });

  it("shares a failed read's error, then reads again", async () => {
    const client = {};
    let reads = 0;
    const read = () => {
      reads += 1;
      return reads === 1 ? Promise.reject(new Error("connection lost")) : Promise.resolve("ok");
    };
    const shared = [shareConcurrentRead(client, "k", read), shareConcurrentRead(client, "k", read)];
    for (const result of await Promise.allSettled(shared)) {
      expect(result).toMatchObject({ status: "rejected", reason: new Error("connection lost") });
    }
    expect(await shareConcurrentRead(client, "k", read)).toBe("ok");
  });
});
