"use client";

import { useState } from "react";
import {
  ATTACHMENT_LIMITS,
  type RefusalReason,
  refusalReasonSchema,
} from "@/lib/domain/attachments";

/** A file the widget refused, or the server did, with the reason the customer is told. */
export type FileProblem = { name: string; reason: RefusalReason };

/*
 * The files chosen for the next message. The widget refuses what it can tell without reading a
 * file (too many, too large) at once, in the customer's language; the server decides the rest
 * from the bytes and its refusals come back the same way.
 */
export function useAttachmentPicker() {
  const [files, setFiles] = useState<File[]>([]);
  const [fileProblems, setFileProblems] = useState<FileProblem[]>([]);

  function add(chosen: readonly File[]) {
    const problems: FileProblem[] = [];
    const next = [...files];
    for (const file of chosen) {
      if (file.size > ATTACHMENT_LIMITS.maxBytes) {
        problems.push({ name: file.name, reason: "too_large" });
      } else if (next.length >= ATTACHMENT_LIMITS.maxFilesPerMessage) {
        problems.push({ name: file.name, reason: "too_many_files" });
      } else {
        next.push(file);
      }
    }
    setFiles(next);
    setFileProblems(problems);
  }

  function remove(index: number) {
    setFiles((current) => current.filter((_, at) => at !== index));
    setFileProblems([]);
  }

  function clear() {
    setFiles([]);
    setFileProblems([]);
  }

  /** The server's refusals, from a 422's `refusedFiles`. */
  function refusedByServer(refused: unknown): boolean {
    if (!Array.isArray(refused)) return false;
    const problems = refused.flatMap((entry): FileProblem[] => {
      const reason = refusalReasonSchema.safeParse(entry?.reason);
      return reason.success && typeof entry?.name === "string"
        ? [{ name: entry.name, reason: reason.data }]
        : [];
    });
    setFileProblems(problems);
    return problems.length > 0;
  }

  return { files, fileProblems, add, remove, clear, refusedByServer };
}
