"use client";

import { useRouter } from "next/navigation";
import { useState } from "react";
import type { Outcome } from "@/components/ui/form-message";
import { useFocusFirstInvalid } from "@/components/ui/use-focus-first-invalid";
import { describeProblem, sendJson } from "@/lib/client/send-json";
import type { DomainSettings } from "@/lib/domain/settings";
import type { SettingsChange, SettingsSaved } from "@/lib/server/services/settings/update-settings";

/*
 * One save of a settings form: the fields' own errors first (focus moves to the first), then
 * one request to /api/settings, then what changed in words. Every settings form saves this way.
 */
export function useSaveSettings<Field extends string>(
  describeChanged: (changed: (keyof DomainSettings)[]) => string,
) {
  const router = useRouter();
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const [pending, setPending] = useState(false);
  const { form, focusFirstInvalid } = useFocusFirstInvalid();

  /** Saves `change` unless `found` names a field error; `change` is read only when none. */
  async function save(found: Partial<Record<Field, string>>, change: SettingsChange) {
    setErrors(found);
    setOutcome(null);
    if (Object.keys(found).length > 0) {
      focusFirstInvalid();
      return;
    }
    setPending(true);
    const result = await sendJson<SettingsSaved>("/api/settings", change);
    setPending(false);
    if (!result.ok) {
      setOutcome({ tone: "danger", text: `Not saved. ${describeProblem(result.problem)}` });
      return;
    }
    const { changed } = result.data;
    setOutcome({
      tone: "success",
      text: changed.length === 0 ? "Nothing changed." : describeChanged(changed),
    });
    router.refresh();
  }

  return { form, errors, outcome, pending, save };
}
