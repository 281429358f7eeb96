"use client";

import { useState } from "react";
import { Button } from "@/components/ui/button";
import { Field } from "@/components/ui/field";

/** A set-password link, shown once: nothing stores it, so it must be copied now. */
export function OneTimeLink({ label, url }: { label: string; url: string }) {
  const [copied, setCopied] = useState(false);
  return (
    <Field
      label={label}
      hint="Send it to them yourself; it is shown only now, works once and expires in 72 hours."
      className="rounded-md bg-slate-50 p-3 ring-1 ring-inset ring-slate-200"
    >
      {(control) => (
        <div className="flex flex-wrap items-center gap-2">
          <input
            {...control}
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
      )}
    </Field>
  );
}
