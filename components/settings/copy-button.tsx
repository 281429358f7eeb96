"use client";

import { useState } from "react";
import { Button } from "@/components/ui/button";

/** Copies `text` to the clipboard and says so in a polite live region. */
export function CopyButton({ text, label }: { text: string; label: string }) {
  const [said, setSaid] = useState("");

  async function copy() {
    try {
      await navigator.clipboard.writeText(text);
      setSaid("Copied.");
    } catch {
      setSaid("Copying is blocked here: select the text and copy it.");
    }
  }

  return (
    <span className="inline-flex items-center gap-2">
      <Button variant="secondary" onClick={() => void copy()} aria-label={label}>
        Copy
      </Button>
      <span role="status" className="text-sm text-slate-700">
        {said}
      </span>
    </span>
  );
}
