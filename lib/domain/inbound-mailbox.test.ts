import { describe, expect, it } from "vitest";
import { inboundEmailWorkspace } from "./inbound-mailbox";

const deploymentAddress = "support@countersign.local";
const shopA = { id: "ws-a", supportAddress: "help@shop-a.example" };
const shopB = { id: "ws-b", supportAddress: "care@shop-b.example" };

describe("inboundEmailWorkspace", () => {
  it("names the workspace whose support address the email was sent to, in any case", () => {
    expect(
      inboundEmailWorkspace({
        addressed: [" Care@Shop-B.example"],
        workspaces: [shopA, shopB],
        deploymentAddress,
      }),
    ).toBe("ws-b");
  });

  it("takes the first addressed workspace when an email names two", () => {
    expect(
      inboundEmailWorkspace({
        addressed: ["someone@else.example", "help@shop-a.example", "care@shop-b.example"],
        workspaces: [shopA, shopB],
        deploymentAddress,
      }),
    ).toBe("ws-a");
  });

  it("gives mail to the deployment's mailbox to the one workspace when there is exactly one", () => {
    expect(
      inboundEmailWorkspace({
        addressed: ["SUPPORT@countersign.local"],
        workspaces: [{ id: "only", supportAddress: null }],
        deploymentAddress,
      }),
    ).toBe("only");
  });

  it("names none for mail to the deployment's mailbox when several workspaces could own it", () => {
    expect(
      inboundEmailWorkspace({
        addressed: [deploymentAddress],
        workspaces: [shopA, shopB],
        deploymentAddress,
      }),
    ).toBeNull();
  });

  it("names none for mail to an address nobody here uses", () => {
    expect(
      inboundEmailWorkspace({
        addressed: ["sales@shop-a.example"],
        workspaces: [{ id: "only", supportAddress: "help@shop-a.example" }],
        deploymentAddress,
      }),
    ).toBeNull();
  });
});
