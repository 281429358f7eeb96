import { Badge } from "@/components/ui/badge";

export type NeedsPersonView = { reason: string };

/*
 * The "needs a person" flag as staff meet it: a badge that reads the same in every list, then
 * the reason in full on its own line, so a narrow screen wraps it instead of cutting it off.
 */
export function NeedsPersonNotice({ flag }: { flag: NeedsPersonView }) {
  return (
    <span className="mt-1 block max-w-prose" data-testid="needs-person">
      <Badge tone="danger">Needs a person</Badge>
      <span className="mt-1 block break-words text-xs text-red-900">{flag.reason}</span>
    </span>
  );
}
