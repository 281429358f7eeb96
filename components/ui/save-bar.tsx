import { Button } from "./button";

export type SaveStatus = { tone: "success" | "danger"; text: string };

/** A form's submit button and the outcome of its last save: announced, and an alert when refused. */
export function SaveBar({
  label,
  pending,
  status,
  statusId,
}: {
  label: string;
  pending: boolean;
  status: SaveStatus | null;
  statusId?: string;
}) {
  return (
    <div className="flex flex-wrap items-center gap-3">
      <Button type="submit" disabled={pending}>
        {pending ? "Saving…" : label}
      </Button>
      {status ? (
        <p
          id={statusId}
          role={status.tone === "danger" ? "alert" : "status"}
          className={`text-sm ${status.tone === "danger" ? "text-red-800" : "text-green-800"}`}
        >
          {status.text}
        </p>
      ) : null}
    </div>
  );
}
