"use client";

import { type RefObject, useEffect, useId, useRef } from "react";
import { TextField } from "@/components/ui/controls";
import { FormAlert } from "@/components/ui/form-message";
import { SubmitButton } from "@/components/ui/submit-button";
import type { Language } from "@/lib/domain/languages";
import { useIdentityCheck } from "./use-identity-check";
import { noticeText, type WidgetNotice } from "./widget-notice";
import { useWidgetText } from "./widget-text";

type Props = {
  workspace: string;
  notice: WidgetNotice | null;
  chosenLanguage: RefObject<Language | null>;
  onVerified: () => void;
};

/*
 * Before any order or refund talk the customer proves who they are: the email they ordered
 * with and one of their order numbers. A wrong pair is refused without saying which half is
 * wrong, and repeated failures are rate-limited by the server.
 */
export function IdentityStep({ workspace, notice, chosenLanguage, onVerified }: Props) {
  const { problem, busy, submit } = useIdentityCheck(workspace, chosenLanguage, onVerified);
  const text = useWidgetText();
  const { t } = text;
  const emailInput = useRef<HTMLInputElement>(null);
  const problemId = useId();

  useEffect(() => {
    emailInput.current?.focus();
  }, []);

  return (
    <form
      onSubmit={(event) => void submit(event)}
      className="space-y-3 p-4"
      aria-labelledby="identity-heading"
    >
      <h2 id="identity-heading" className="text-base font-semibold">
        {t("identity_heading")}
      </h2>
      {notice && (
        <p
          role="status"
          className="rounded-md bg-amber-100 p-2 text-sm text-amber-950 dark:bg-amber-900 dark:text-amber-50"
        >
          {noticeText(notice, text)}
        </p>
      )}
      <p className="text-sm text-slate-700 dark:text-slate-300">{t("identity_intro")}</p>
      <TextField
        surface="widget"
        ref={emailInput}
        data-autofocus
        label={t("email_label")}
        name="email"
        type="email"
        autoComplete="email"
        required
        describedBy={problem ? problemId : null}
      />
      <TextField
        surface="widget"
        label={t("order_number_label")}
        hint={t("order_number_hint")}
        hintBelow
        name="orderNumber"
        type="text"
        autoComplete="off"
        required
        describedBy={problem ? problemId : null}
        className="w-full uppercase"
      />
      <FormAlert id={problemId} surface="widget">
        {problem && noticeText(problem, text)}
      </FormAlert>
      <SubmitButton surface="widget" pending={busy} pendingLabel={t("checking")} className="w-full">
        {t("start_chat")}
      </SubmitButton>
    </form>
  );
}
