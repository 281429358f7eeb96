import Link from "next/link";
import { Card, CardBody, CardHeader } from "@/components/ui/card";
import { Table, Td, Th } from "@/components/ui/table";
import { formatMoney } from "@/lib/domain/money";
import type { CustomerProfile } from "@/lib/server/services/customers/get-customer-profile";
import { EmptyCardBody } from "./empty-card-body";
import { utcDay } from "./utc-day";

/** The customer's billing disputes, then the charges on the ledger they are about. */
export function CustomerDisputes({
  disputes,
  charges,
}: Pick<CustomerProfile, "disputes" | "charges">) {
  return (
    <Card>
      <CardHeader title="Disputes and charges" />
      {disputes.length === 0 ? (
        <EmptyCardBody>No disputes.</EmptyCardBody>
      ) : (
        <Table caption="Disputes, most recent first">
          <thead>
            <tr>
              <Th>Charges</Th>
              <Th>Category</Th>
              <Th>Impact</Th>
              <Th className="text-right">Ledger amount</Th>
              <Th>Status</Th>
            </tr>
          </thead>
          <tbody>
            {disputes.map((dispute) => (
              <tr key={dispute.id} data-testid="dispute-row">
                <Td>
                  <Link
                    href={`/conversations/${dispute.conversationId}`}
                    className="font-mono font-medium text-blue-800 underline-offset-2 hover:underline"
                  >
                    {dispute.chargeReferences.join(", ")}
                  </Link>
                </Td>
                <Td>{dispute.category.replaceAll("_", " ")}</Td>
                <Td>{dispute.impact}</Td>
                <Td className="whitespace-nowrap text-right tabular-nums">
                  {formatMoney(dispute.amountCents, dispute.currency)}
                </Td>
                <Td>{dispute.status}</Td>
              </tr>
            ))}
          </tbody>
        </Table>
      )}
      {charges.length > 0 ? (
        <CardBody>
          <h3 className="text-sm font-semibold text-slate-900">Charges on the ledger</h3>
          <ul className="mt-1 space-y-1 text-sm text-slate-800">
            {charges.map((charge) => (
              <li key={charge.id}>
                <span className="font-mono">{charge.reference}</span> ·{" "}
                {formatMoney(charge.amountCents, charge.currency)} · {charge.description} ·{" "}
                {utcDay(charge.chargedAt)}
              </li>
            ))}
          </ul>
        </CardBody>
      ) : null}
    </Card>
  );
}
