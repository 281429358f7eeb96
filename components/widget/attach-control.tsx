"use client";

import { useMemo, useRef } from "react";
import { refusalText } from "@/lib/domain/attachment-texts";
import { ATTACHMENT_ACCEPT } from "@/lib/domain/attachments";
import { ATTACHMENT_CATALOGS } from "@/lib/domain/catalogs/attachments";
import { translator } from "@/lib/domain/i18n";
import type { useAttachmentPicker } from "./use-attachment-picker";
import { useWidgetText } from "./widget-text";

type Picker = ReturnType<typeof useAttachmentPicker>;

/** The attach button: a labelled button that opens the file picker (the input itself is hidden). */
export function AttachButton({ picker, disabled }: { picker: Picker; disabled: boolean }) {
  const input = useRef<HTMLInputElement>(null);
  const t = useAttachmentText();
  return (
    <>
      <button
        type="button"
        aria-label={t("attach_label")}
        title={t("attach_label")}
        disabled={disabled}
        onClick={() => input.current?.click()}
        className="min-h-11 min-w-11 rounded-md border border-slate-400 bg-white px-2 text-lg text-slate-800 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-700 disabled:opacity-60 dark:border-slate-500 dark:bg-slate-800 dark:text-slate-100"
      >
        <svg
          aria-hidden="true"
          viewBox="0 0 24 24"
          className="mx-auto h-5 w-5"
          fill="none"
          stroke="currentColor"
          strokeWidth="2"
          strokeLinecap="round"
          strokeLinejoin="round"
        >
          <path d="M21 11.5l-8.6 8.6a5.5 5.5 0 01-7.8-7.8l8.6-8.6a3.7 3.7 0 015.2 5.2l-8.6 8.6a1.8 1.8 0 01-2.6-2.6l8-8" />
        </svg>
      </button>
      <input
        ref={input}
        type="file"
        name="file"
        multiple
        accept={ATTACHMENT_ACCEPT}
        hidden
        tabIndex={-1}
        aria-label={t("attach_label")}
        onChange={(event) => {
          picker.add([...(event.target.files ?? [])]);
          event.target.value = "";
        }}
      />
    </>
  );
}

/** The files chosen for the next message, each removable, and why any was refused. */
export function ChosenFiles({ picker, sending }: { picker: Picker; sending: boolean }) {
  const t = useAttachmentText();
  const { language } = useWidgetText();
  return (
    <>
      {picker.files.length > 0 ? (
        <ul className="mt-2 flex flex-wrap gap-2" aria-label={t("chosen_files")}>
          {picker.files.map((file, index) => (
            <li
              key={`${file.name}-${file.size}-${file.lastModified}`}
              className="flex max-w-full items-center gap-1 rounded-md bg-slate-100 py-1 pl-2 text-sm text-slate-900 dark:bg-slate-700 dark:text-slate-100"
            >
              <span className="truncate">{file.name}</span>
              <button
                type="button"
                onClick={() => picker.remove(index)}
                disabled={sending}
                aria-label={t("remove_file", { name: file.name })}
                className="min-h-8 min-w-8 rounded-md px-1 hover:bg-slate-200 focus-visible:outline-2 focus-visible:outline-blue-700 dark:hover:bg-slate-600"
              >
                <span aria-hidden="true">×</span>
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      <p role="status" className="mt-1 text-sm text-slate-700 dark:text-slate-300">
        {sending && picker.files.length > 0 ? t("sending_files") : null}
      </p>
      <div role="alert" className="text-sm text-red-700 dark:text-red-300">
        {picker.fileProblems.map((problem) => (
          <p key={`${problem.name}-${problem.reason}`}>
            {refusalText(language, problem.reason, problem.name)}
          </p>
        ))}
      </div>
    </>
  );
}

export function useAttachmentText() {
  const { language } = useWidgetText();
  return useMemo(() => translator(ATTACHMENT_CATALOGS, language), [language]);
}
