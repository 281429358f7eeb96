"use client";

import { useId } from "react";
import {
  isSupportedLanguage,
  LANGUAGE_NAMES,
  type Language,
  SUPPORTED_LANGUAGES,
} from "@/lib/domain/languages";
import { noticeText, type WidgetNotice } from "./widget-notice";
import { useWidgetText } from "./widget-text";

/*
 * The customer's own choice of language: a native select (keyboard and screen readers know it),
 * each language named in itself and tagged with its code so it is read out in that language.
 */
export function LanguagePicker({
  onChoose,
  problem,
}: {
  onChoose: (language: Language) => void;
  problem: WidgetNotice | null;
}) {
  const text = useWidgetText();
  const { language, t } = text;
  const id = useId();
  const problemId = `${id}-problem`;
  return (
    <div className="flex flex-wrap items-center justify-end gap-2 border-b border-slate-300 px-3 py-1 text-sm dark:border-slate-700">
      {problem && (
        <p id={problemId} role="alert" className="mr-auto text-red-700 dark:text-red-300">
          {noticeText(problem, text)}
        </p>
      )}
      <label htmlFor={id} className="text-slate-700 dark:text-slate-300">
        {t("language_label")}
      </label>
      <select
        id={id}
        data-testid="widget-language"
        value={language}
        onChange={(event) => {
          const picked = event.target.value;
          if (isSupportedLanguage(picked)) onChoose(picked);
        }}
        aria-describedby={problem ? problemId : undefined}
        className="min-h-11 rounded-md border border-slate-400 bg-white px-2 text-slate-900 dark:border-slate-500 dark:bg-slate-800 dark:text-slate-100"
      >
        {SUPPORTED_LANGUAGES.map((code) => (
          <option key={code} value={code} lang={code}>
            {LANGUAGE_NAMES[code].native}
          </option>
        ))}
      </select>
    </div>
  );
}
