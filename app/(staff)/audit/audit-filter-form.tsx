import { buttonClassName } from "@/components/ui/button";
import { SelectField, TextField } from "@/components/ui/controls";

type Values = Record<string, string | undefined>;

const ID_FILTERS = [
  { label: "Conversation id", name: "conversation" },
  { label: "Pending action id", name: "action" },
];

const TIME_FILTERS = [
  { label: "From (UTC)", name: "from" },
  { label: "To (UTC)", name: "to" },
];

/** A plain GET form: the query string is the state, so filters are bookmarkable and shareable. */
export function AuditFilterForm({
  values,
  kinds,
  staff,
}: {
  values: Values;
  kinds: string[];
  staff: { id: string; name: string }[];
}) {
  return (
    <form method="get" action="/audit" className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
      {ID_FILTERS.map((filter) => (
        <TextField
          key={filter.name}
          {...filter}
          defaultValue={values[filter.name] ?? ""}
          autoComplete="off"
          spellCheck={false}
        />
      ))}
      <SelectField label="Actor" name="actor" defaultValue={values.actor ?? ""}>
        <option value="">Anyone</option>
        <option value="kind:agent">AI agent</option>
        <option value="kind:system">System</option>
        <option value="kind:customer">Any customer</option>
        <option value="kind:staff">Any staff member</option>
        {staff.map((user) => (
          <option key={user.id} value={`staff:${user.id}`}>
            {user.name}
          </option>
        ))}
      </SelectField>
      <SelectField label="Kind" name="kind" defaultValue={values.kind ?? ""}>
        <option value="">Any kind</option>
        {kinds.map((kind) => (
          <option key={kind} value={kind}>
            {kind}
          </option>
        ))}
      </SelectField>
      {TIME_FILTERS.map((filter) => (
        <TextField
          key={filter.name}
          {...filter}
          type="datetime-local"
          defaultValue={values[filter.name] ?? ""}
        />
      ))}
      <div className="flex flex-wrap gap-3 sm:col-span-2 lg:col-span-3">
        <button type="submit" className={buttonClassName("primary")}>
          Apply filters
        </button>
        <a href="/audit" className={buttonClassName("ghost")}>
          Clear
        </a>
      </div>
    </form>
  );
}
