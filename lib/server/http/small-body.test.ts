import { describe, expect, it } from "vitest";
import { jsonResponse, sendSmallBodyUncompressed } from "./small-body";

describe("small bodies skip compression", () => {
  it("marks an answer under 1 KiB no-transform, keeping its cache policy", () => {
    const headers = new Headers({ "Cache-Control": "no-store" });
    sendSmallBodyUncompressed(headers, JSON.stringify({ ok: true }));
    expect(headers.get("cache-control")).toBe("no-store, no-transform");
  });

  it("leaves a larger answer to the compression middleware, counting bytes, not characters", () => {
    const ascii = new Headers();
    sendSmallBodyUncompressed(ascii, "x".repeat(1024));
    expect(ascii.get("cache-control")).toBeNull();
    // 400 characters of three bytes each are 1,200 bytes on the wire.
    const wide = new Headers();
    sendSmallBodyUncompressed(wide, "€".repeat(400));
    expect(wide.get("cache-control")).toBeNull();
  });

  it("jsonResponse answers like Response.json", async () => {
    const response = jsonResponse({ id: "pa_1" }, { status: 201 });
    expect(response.status).toBe(201);
    expect(response.headers.get("content-type")).toBe("application/json");
    expect(response.headers.get("cache-control")).toBe("no-transform");
    expect(await response.json()).toEqual({ id: "pa_1" });
  });
});
