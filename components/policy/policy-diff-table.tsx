import { Table, Td, Th } from "@/components/ui/table";
import type { PolicyDiffRow } from "@/lib/domain/policy-diff";

/** The draft's changes beside the live version's terms, one term per row. */
export function PolicyDiffTable({
  rows,
  liveVersion,
}: {
  rows: PolicyDiffRow[];
  liveVersion: string;
}) {
  if (rows.length === 0) {
    return <p className="text-sm text-slate-600">The draft has the same terms as {liveVersion}.</p>;
  }
  return (
    <Table caption={`What the draft changes from ${liveVersion}`}>
      <thead>
        <tr>
          <Th>Term</Th>
          <Th>Live ({liveVersion})</Th>
          <Th>Draft</Th>
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr
            key={`${row.kind} ${row.term} ${row.kind === "removed" ? row.before : ""} ${row.kind === "added" ? row.after : ""}`}
          >
            <Td className="font-medium">
              {row.kind === "changed" ? row.term : `${row.term} ${row.kind}`}
            </Td>
            <Td>{row.kind === "added" ? "—" : row.before}</Td>
            <Td>{row.kind === "removed" ? "—" : row.after}</Td>
          </tr>
        ))}
      </tbody>
    </Table>
  );
}
