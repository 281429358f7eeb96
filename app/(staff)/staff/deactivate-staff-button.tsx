"use client";

import { useState } from "react";
import { Button } from "@/components/ui/button";

/** Deactivation asks once more, naming the person, before it happens. */
export function DeactivateStaffButton({
  name,
  pending,
  onConfirm,
}: {
  name: string;
  pending: boolean;
  onConfirm: () => void;
}) {
  const [confirming, setConfirming] = useState(false);
  if (!confirming) {
    return (
      <Button
        variant="ghost"
        disabled={pending}
        aria-label={`Deactivate ${name}`}
        onClick={() => setConfirming(true)}
      >
        Deactivate
      </Button>
    );
  }
  return (
    <>
      <Button
        disabled={pending}
        onClick={() => {
          setConfirming(false);
          onConfirm();
        }}
      >
        Yes, deactivate {name}
      </Button>
      <Button variant="ghost" onClick={() => setConfirming(false)}>
        Keep
      </Button>
    </>
  );
}
