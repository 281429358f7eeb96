"use client";

import { useState } from "react";
import { sendRequest } from "@/components/settings/send-request";
import { FormStatus } from "@/components/ui/form-message";
import { useOutcomeRequest } from "@/components/ui/use-outcome-request";
import type { TagRuleSwitch } from "@/lib/server/services/tags/tag-rule-switches";

/** One checkbox per tag rule: ticked, the rule tags tickets when its event happens. */
export function TagRuleSwitches({ initial }: { initial: TagRuleSwitch[] }) {
  const [rules, setRules] = useState(initial);
  const { pending, outcome, request } = useOutcomeRequest();

  async function toggle(rule: TagRuleSwitch, enabled: boolean) {
    const result = await request(
      () =>
        sendRequest<{ rules: TagRuleSwitch[] }>("PUT", "/api/tags/rules", {
          rule: rule.id,
          enabled,
        }),
      `${rule.label} is ${enabled ? "on" : "off"}.`,
    );
    if (result.ok) setRules(result.data.rules);
  }

  return (
    <fieldset className="space-y-2">
      <legend className="sr-only">Tag rules</legend>
      {rules.map((rule) => (
        <label key={rule.id} className="flex min-h-9 items-center gap-2 text-sm">
          <input
            type="checkbox"
            checked={rule.enabled}
            disabled={pending}
            onChange={(event) => void toggle(rule, event.target.checked)}
          />
          <span>
            {rule.label}: tags <code className="font-mono">{rule.tag}</code>
          </span>
        </label>
      ))}
      <FormStatus outcome={outcome} />
    </fieldset>
  );
}
