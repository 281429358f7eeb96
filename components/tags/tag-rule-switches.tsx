"use client";

import { useState } from "react";
import { sendRequest } from "@/components/settings/send-request";
import { FormStatus } from "@/components/ui/form-message";
import { useOutcomeRequest } from "@/components/ui/use-outcome-request";
import type {
  TagRuleSwitch,
  WorkspaceTagRules,
} from "@/lib/server/services/tags/tag-rule-switches";

/**
 * One checkbox per tag rule and workspace: ticked, the rule tags that workspace's tickets when its
 * event happens. Someone in one workspace sees its rules alone; in several, one group per shop.
 */
export function TagRuleSwitches({ initial }: { initial: WorkspaceTagRules[] }) {
  const [workspaces, setWorkspaces] = useState(initial);
  const { pending, outcome, request } = useOutcomeRequest();
  const named = workspaces.length > 1;

  async function toggle(workspace: WorkspaceTagRules, rule: TagRuleSwitch, enabled: boolean) {
    const result = await request(
      () =>
        sendRequest<{ workspaces: WorkspaceTagRules[] }>("PUT", "/api/tags/rules", {
          workspaceId: workspace.workspaceId,
          rule: rule.id,
          enabled,
        }),
      `${rule.label} is ${enabled ? "on" : "off"}${named ? ` in ${workspace.workspaceName}` : ""}.`,
    );
    if (result.ok) setWorkspaces(result.data.workspaces);
  }

  return (
    <div className="space-y-4">
      {workspaces.map((workspace) => (
        <fieldset key={workspace.workspaceId} className="space-y-2">
          <legend className={named ? "text-sm font-semibold text-slate-900" : "sr-only"}>
            {named ? workspace.workspaceName : "Tag rules"}
          </legend>
          {workspace.rules.map((rule) => (
            <label key={rule.id} className="flex min-h-9 items-center gap-2 text-sm">
              <input
                type="checkbox"
                checked={rule.enabled}
                disabled={pending}
                onChange={(event) => void toggle(workspace, rule, event.target.checked)}
              />
              <span>
                {rule.label}: tags <code className="font-mono">{rule.tag}</code>
              </span>
            </label>
          ))}
        </fieldset>
      ))}
      <FormStatus outcome={outcome} />
    </div>
  );
}
