import { Card, CardBody, CardHeader } from "@/components/ui/card";

export function NothingWaiting() {
  return (
    <Card>
      <CardHeader title="Nothing waiting" />
      <CardBody>
        <p className="max-w-prose text-sm text-slate-700">
          No refund is waiting for approval. New ones appear here as soon as the agent proposes them
          and, for chat, the customer confirms the quote.
        </p>
      </CardBody>
    </Card>
  );
}
