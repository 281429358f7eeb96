"use client";

import { useId, useState } from "react";
import { Button } from "@/components/ui/button";

/** A set-password link, shown once: nothing stores it, so it must be copied now. */
export function OneTimeLink({ label, url }: { label: string; url: string }) {
  const id = useId();
  const [copied, setCopied] = useState(false);
  return (
    <div className="space-y-1 rounded-md bg-slate-50 p-3 ring-1 ring-inset ring-slate-200">
      <label htmlFor={id} className="block text-sm font-medium text-slate-900">
        {label}
      </label>
      <p className="text-sm text-slate-600">
        Send it to them yourself; it is shown only now, works once and expires in 72 hours.
      </p>
      <div className="flex flex-wrap items-center gap-2">
        <input
          id={id}
          readOnly
          value={url}
          onFocus={(event) => event.target.select()}
          className="min-h-10 w-full min-w-0 flex-1 rounded-md border border-slate-300 bg-white px-3 font-mono text-xs sm:w-auto"
        />
        <Button
          type="button"
          variant="secondary"
          onClick={() => {
            void navigator.clipboard?.writeText(url).then(() => setCopied(true));
          }}
        >
          {copied ? "Copied" : "Copy link"}
        </Button>
      </div>
    </div>
  );
}
