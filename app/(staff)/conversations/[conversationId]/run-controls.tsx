"use client";

import { useRouter } from "next/navigation";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { describeProblem, sendJson } from "@/lib/client/send-json";

/**
 * Stop asks the process holding the run to halt after its current step; Resume re-queues it. A run
 * the model server refuses gets no Resume, and says why instead.
 */
export function RunControls({
  runId,
  canStop,
  canResume,
  resumeWithheld,
  onChanged,
}: {
  runId: string;
  canStop: boolean;
  canResume: boolean;
  resumeWithheld: string | null;
  onChanged: () => void;
}) {
  const router = useRouter();
  const [pending, setPending] = useState(false);
  const [message, setMessage] = useState("");

  async function control(verb: "stop" | "resume") {
    setPending(true);
    setMessage("");
    const result = await sendJson<{ status: string }>(`/api/runs/${runId}/${verb}`);
    setPending(false);
    if (result.ok) {
      setMessage(verb === "stop" ? `Stop requested (${result.data.status}).` : "Run resumed.");
      onChanged();
      router.refresh();
    } else {
      setMessage(describeProblem(result.problem));
    }
  }

  if (!canStop && !canResume && !resumeWithheld && message === "") return null;
  return (
    <div className="flex flex-wrap items-center gap-2">
      {canStop ? (
        <Button variant="secondary" disabled={pending} onClick={() => control("stop")}>
          Stop run
        </Button>
      ) : null}
      {canResume ? (
        <Button variant="secondary" disabled={pending} onClick={() => control("resume")}>
          Resume run
        </Button>
      ) : null}
      {resumeWithheld ? <p className="text-sm text-slate-700">{resumeWithheld}</p> : null}
      <span role="status" className="text-sm text-slate-700">
        {message}
      </span>
    </div>
  );
}
