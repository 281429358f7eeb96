import type { ReactNode } from "react";
import { SelectField } from "@/components/ui/controls";
import { ROLES, type Role, roleSchema } from "@/lib/domain/authz";

/** A choice of staff role; reports only values that are roles. */
export function RoleSelectField({
  label,
  labelHidden = false,
  value,
  disabled,
  onChange,
  className,
}: {
  label: ReactNode;
  labelHidden?: boolean;
  value: Role;
  disabled?: boolean;
  onChange: (role: Role) => void;
  className: string;
}) {
  return (
    <SelectField
      label={label}
      labelHidden={labelHidden}
      value={value}
      disabled={disabled}
      onChange={(event) => {
        const role = roleSchema.safeParse(event.target.value);
        if (role.success) onChange(role.data);
      }}
      className={`capitalize ${className}`}
    >
      {ROLES.map((role) => (
        <option key={role} value={role}>
          {role}
        </option>
      ))}
    </SelectField>
  );
}
