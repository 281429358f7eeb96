import { describe, expect, it } from "vitest";
import { AppError } from "@/lib/errors/app-error";
import { readJsonBody } from "./read-json-body";

function request(body: BodyInit | null, headers: Record<string, string> = {}): Request {
  return new Request("http://localhost/api/x", {
    method: "POST",
    body,
    headers: { "content-type": "application/json", ...headers },
    duplex: "half",
  } as RequestInit);
}

async function codeOf(promise: Promise<unknown>): Promise<string> {
  const error = await promise.catch((caught: unknown) => caught);
  expect(error).toBeInstanceOf(AppError);
  return (error as AppError).code;
}

function streamOf(size: number): ReadableStream<Uint8Array> {
  return new ReadableStream({
    start(controller) {
      controller.enqueue(new TextEncoder().encode(`"${"a".repeat(size)}"`));
      controller.close();
    },
  });
}

describe("readJsonBody", () => {
  it("parses JSON, including vendor +json types", async () => {
    expect(await readJsonBody(request('{"a":1}'), 100)).toEqual({ a: 1 });
    expect(
      await readJsonBody(request("[1]", { "content-type": "application/merge-patch+json" }), 100),
    ).toEqual([1]);
  });

  it("reads an empty body as undefined", async () => {
    expect(await readJsonBody(request(null), 100)).toBeUndefined();
    expect(await readJsonBody(request("  "), 100)).toBeUndefined();
  });

  it("answers INVALID_JSON for malformed JSON", async () => {
    expect(await codeOf(readJsonBody(request('{"a":'), 100))).toBe("INVALID_JSON");
  });

  it("answers UNSUPPORTED_MEDIA_TYPE for a non-JSON content type", async () => {
    expect(await codeOf(readJsonBody(request("a=1", { "content-type": "text/plain" }), 100))).toBe(
      "UNSUPPORTED_MEDIA_TYPE",
    );
  });

  it("refuses a declared length over the limit before reading", async () => {
    expect(await codeOf(readJsonBody(request("{}", { "content-length": "5000" }), 100))).toBe(
      "PAYLOAD_TOO_LARGE",
    );
  });

  it("refuses a streamed body that grows past the limit", async () => {
    expect(await codeOf(readJsonBody(request(streamOf(500)), 100))).toBe("PAYLOAD_TOO_LARGE");
    expect(await readJsonBody(request(streamOf(50)), 100)).toBe("a".repeat(50));
  });
});
