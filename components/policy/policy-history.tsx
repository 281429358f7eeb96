"use client";

import { useState } from "react";
import { Badge, type BadgeTone } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Table, Td, Th } from "@/components/ui/table";
import type {
  PolicyVersionState,
  PolicyVersionView,
} from "@/lib/server/services/policies/policy-views";

const STATE_BADGES: Record<PolicyVersionState, [BadgeTone, string]> = {
  in_force: ["success", "In force"],
  scheduled: ["info", "Scheduled"],
  ended: ["neutral", "Ended"],
  superseded: ["neutral", "Replaced"],
};

function when(iso: string | null): string {
  return iso === null
    ? "—"
    : new Date(iso).toLocaleString("en-US", { dateStyle: "medium", timeStyle: "short" });
}

/** Every published version, newest first, each but the live one with "Roll back to this version". */
export function PolicyHistory({
  history,
  canRollBack,
  pending,
  onRollBack,
}: {
  history: PolicyVersionView[];
  canRollBack: boolean;
  pending: boolean;
  onRollBack: (number: number) => void;
}) {
  const [confirming, setConfirming] = useState<number | null>(null);
  return (
    <Table caption="Published versions, newest first">
      <thead>
        <tr>
          <Th>Version</Th>
          <Th>State</Th>
          <Th>In force from</Th>
          <Th>Until</Th>
          <Th>Published by</Th>
          {canRollBack ? <Th>Roll back</Th> : null}
        </tr>
      </thead>
      <tbody>
        {history.map((version) => {
          const [tone, label] = STATE_BADGES[version.state];
          return (
            <tr key={version.version}>
              <Td className="font-medium">
                {version.version}
                {version.restores ? (
                  <span className="block text-xs font-normal text-slate-600">
                    restores {version.restores}
                  </span>
                ) : null}
              </Td>
              <Td>
                <Badge tone={tone}>{label}</Badge>
              </Td>
              <Td>{version.effectiveFrom ? when(version.effectiveFrom) : "Built in"}</Td>
              <Td>{when(version.effectiveUntil)}</Td>
              <Td>{version.publishedByName ?? "—"}</Td>
              {canRollBack ? (
                <Td>
                  {version.state === "in_force" ||
                  version.state === "scheduled" ? null : confirming === version.number ? (
                    <div className="flex flex-wrap gap-2">
                      <Button disabled={pending} onClick={() => onRollBack(version.number)}>
                        Publish {version.version}&apos;s terms now
                      </Button>
                      <Button variant="ghost" onClick={() => setConfirming(null)}>
                        Cancel
                      </Button>
                    </div>
                  ) : (
                    <Button
                      variant="secondary"
                      aria-label={`Roll back to ${version.version}`}
                      onClick={() => setConfirming(version.number)}
                    >
                      Roll back to this version
                    </Button>
                  )}
                </Td>
              ) : null}
            </tr>
          );
        })}
      </tbody>
    </Table>
  );
}
