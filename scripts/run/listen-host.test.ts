import { describe, expect, it } from "vitest";
import { listenHost } from "./listen-host";

describe("listenHost", () => {
  it("is localhost unless HOST names another address", () => {
    expect(listenHost({})).toBe("localhost");
    expect(listenHost({ HOST: "  " })).toBe("localhost");
    expect(listenHost({ HOST: "0.0.0.0" })).toBe("0.0.0.0");
    expect(listenHost({ HOST: " 192.168.1.20 " })).toBe("192.168.1.20");
  });
});
