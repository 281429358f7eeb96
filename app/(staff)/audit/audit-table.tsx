import Link from "next/link";
import { Table, Td, Th } from "@/components/ui/table";
import { describeAuditEventReading } from "@/lib/domain/audit-events";
import type { AuditLogEntry } from "@/lib/server/services/audit/list-audit-log";

export function AuditTable({ entries }: { entries: AuditLogEntry[] }) {
  return (
    <Table stackOnNarrow caption="Audit events, newest first">
      <thead>
        <tr>
          <Th className="text-right">Position</Th>
          <Th>Time (UTC)</Th>
          <Th>Kind</Th>
          <Th>Actor</Th>
          <Th>Subject</Th>
          <Th>Details</Th>
        </tr>
      </thead>
      <tbody>
        {entries.map((entry) => (
          <tr key={entry.id} className="align-top">
            <Td label="Position" className="text-right font-mono tabular-nums">
              {entry.position}
            </Td>
            <Td label="Time (UTC)" className="whitespace-nowrap">
              <time dateTime={entry.at}>{entry.at.slice(0, 19).replace("T", " ")}</time>
            </Td>
            <Td label="Kind" wide className="font-mono text-xs">
              {entry.kind}
              {entry.reading.status === "valid" ? null : (
                <span className="mt-1 block w-fit rounded bg-amber-50 px-1 font-sans text-amber-900 ring-1 ring-inset ring-amber-300">
                  {describeAuditEventReading(entry.reading)}
                </span>
              )}
            </Td>
            <Td label="Actor">{entry.actorLabel}</Td>
            <Td label="Subject" wide className="text-xs">
              <span className="block text-slate-600">{entry.subjectType}</span>
              <span className="block break-all font-mono">{entry.subjectId}</span>
              {entry.conversationId ? (
                <Link
                  href={`/conversations/${entry.conversationId}`}
                  className="text-blue-800 underline-offset-2 hover:underline"
                >
                  ticket
                </Link>
              ) : null}
            </Td>
            <Td label="Details" wide className="min-w-64">
              <details>
                <summary className="cursor-pointer text-sm text-blue-800">
                  payload · hash <code className="font-mono">{entry.hash.slice(0, 8)}</code>
                </summary>
                <pre className="mt-2 max-h-64 max-w-xl overflow-auto whitespace-pre-wrap break-words rounded bg-slate-50 p-2 font-mono text-xs">
                  {entry.payload}
                </pre>
              </details>
            </Td>
          </tr>
        ))}
      </tbody>
    </Table>
  );
}
