import { Card, CardHeader } from "@/components/ui/card";
import { Table, Td, Th } from "@/components/ui/table";
import type { SavedReplyUsage } from "@/lib/server/services/saved-replies/saved-reply-usage";
import { barWidthClass } from "./bar-width";

/** How often each saved reply was inserted into a ticket in the period, most used first. */
export function SavedRepliesCard({ usage }: { usage: readonly SavedReplyUsage[] }) {
  const scale = Math.max(0, ...usage.map((row) => row.uses));
  return (
    <Card>
      <CardHeader
        title="Saved replies"
        description="Uses per saved reply in the period: each time one was filled in from a ticket and inserted into the composer."
      />
      {usage.length === 0 ? (
        <p className="px-4 py-4 text-sm text-slate-600 sm:px-6">Nothing in this period.</p>
      ) : (
        <Table caption="Saved replies">
          <thead>
            <tr>
              <Th>Reply</Th>
              <Th className="w-2/5">
                <span className="sr-only">Bar</span>
              </Th>
              <Th className="text-right">Uses</Th>
            </tr>
          </thead>
          <tbody>
            {usage.map((row) => (
              <tr key={row.replyId} data-saved-reply={row.title}>
                <Td>
                  {row.title}
                  <span className="ml-2 text-xs text-slate-600">
                    {row.shared ? "Shared" : "Personal"}
                    {row.archived ? ", archived" : ""}
                  </span>
                </Td>
                <Td>
                  <div aria-hidden="true" className="h-3 w-full rounded bg-slate-100">
                    <div className={`h-3 rounded bg-blue-700 ${barWidthClass(row.uses, scale)}`} />
                  </div>
                </Td>
                <Td className="text-right tabular-nums" data-testid="saved-reply-uses">
                  {row.uses}
                </Td>
              </tr>
            ))}
          </tbody>
        </Table>
      )}
    </Card>
  );
}
