import { Badge } from "@/components/ui/badge";
import { formatAge } from "@/components/ui/relative-time";
import { Table, Td, Th } from "@/components/ui/table";
import type { StaffAccountRow } from "@/lib/server/services/staff/list-staff";
import { StaffRowActions } from "./staff-row-actions";

export function StaffTable({ staff, meId }: { staff: StaffAccountRow[]; meId: string }) {
  const now = new Date();
  return (
    <Table caption="Staff accounts">
      <thead>
        <tr>
          <Th>Name</Th>
          <Th>Role</Th>
          <Th>Status</Th>
          <Th>Last sign-in</Th>
          <Th>
            <span className="sr-only">Actions</span>
          </Th>
        </tr>
      </thead>
      <tbody>
        {staff.map((account) => (
          <tr key={account.id} data-staff-email={account.email}>
            <Td>
              <span className="block font-medium text-slate-900">
                {account.name}
                {account.id === meId ? <span className="text-slate-600"> (you)</span> : null}
              </span>
              <span className="block break-all text-slate-600">{account.email}</span>
            </Td>
            <Td className="capitalize">{account.role}</Td>
            <Td>
              {account.active ? (
                <Badge tone="success">Active</Badge>
              ) : (
                <Badge tone="neutral">Deactivated</Badge>
              )}
            </Td>
            <Td>
              {account.lastLoginAt ? (
                <time dateTime={account.lastLoginAt}>
                  {formatAge(new Date(account.lastLoginAt), now)}
                </time>
              ) : (
                "Never"
              )}
            </Td>
            <Td>{account.active ? <StaffRowActions account={account} /> : null}</Td>
          </tr>
        ))}
      </tbody>
    </Table>
  );
}
