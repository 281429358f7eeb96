import { describe, expect, it } from "vitest";
import { buildProblem, problemResponse, problemType } from "./problem";

describe("buildProblem", () => {
  it("builds an RFC 9457 body with code and request id", () => {
    expect(
      buildProblem({ code: "NOT_FOUND", requestId: "req_1", detail: "No ticket tkt_9" }),
    ).toEqual({
      type: "urn:countersign:problem:not-found",
      title: "Not found",
      status: 404,
      detail: "No ticket tkt_9",
      code: "NOT_FOUND",
      requestId: "req_1",
    });
  });

  it("falls back to the title as detail and omits empty field errors", () => {
    const problem = buildProblem({ code: "RATE_LIMITED", requestId: "req_2", errors: [] });
    expect(problem.detail).toBe("Too many requests");
    expect(problem).not.toHaveProperty("errors");
  });

  it("includes field errors for validation failures", () => {
    const errors = [{ path: "body.note", message: "Required" }];
    expect(buildProblem({ code: "VALIDATION_FAILED", requestId: "r", errors }).errors).toEqual(
      errors,
    );
  });

  it("lets extensions add members but never replace standard ones", () => {
    const problem = buildProblem({
      code: "ALREADY_DECIDED",
      requestId: "req_3",
      extensions: { decidedBy: "Pat", status: 200, code: "OK" },
    });
    expect(problem.decidedBy).toBe("Pat");
    expect(problem.status).toBe(409);
    expect(problem.code).toBe("ALREADY_DECIDED");
  });

  it("derives a stable type URN from the code", () => {
    expect(problemType("PAYLOAD_TOO_LARGE")).toBe("urn:countersign:problem:payload-too-large");
  });
});

describe("problemResponse", () => {
  it("sends application/problem+json with the status, request id and no caching", async () => {
    const response = problemResponse({ code: "FORBIDDEN", requestId: "req_4" });
    expect(response.status).toBe(403);
    expect(response.headers.get("content-type")).toBe("application/problem+json");
    expect(response.headers.get("x-request-id")).toBe("req_4");
    // Small enough that gzip would cost more than it saves: sent as it is.
    expect(response.headers.get("cache-control")).toBe("no-store, no-transform");
    expect(await response.json()).toMatchObject({ code: "FORBIDDEN", status: 403 });
  });
});
