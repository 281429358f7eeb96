type Values = Record<string, string | undefined>;

const fieldClass =
  "mt-1 block w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-sm text-slate-900 focus:border-blue-700 focus:outline-none focus:ring-2 focus:ring-blue-700/30";

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
      <div>
        <label htmlFor="audit-conversation" className="text-sm font-medium text-slate-900">
          Conversation id
        </label>
        <input
          id="audit-conversation"
          name="conversation"
          defaultValue={values.conversation ?? ""}
          className={fieldClass}
          autoComplete="off"
          spellCheck={false}
        />
      </div>
      <div>
        <label htmlFor="audit-action" className="text-sm font-medium text-slate-900">
          Pending action id
        </label>
        <input
          id="audit-action"
          name="action"
          defaultValue={values.action ?? ""}
          className={fieldClass}
          autoComplete="off"
          spellCheck={false}
        />
      </div>
      <div>
        <label htmlFor="audit-actor" className="text-sm font-medium text-slate-900">
          Actor
        </label>
        <select
          id="audit-actor"
          name="actor"
          defaultValue={values.actor ?? ""}
          className={fieldClass}
        >
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
        </select>
      </div>
      <div>
        <label htmlFor="audit-kind" className="text-sm font-medium text-slate-900">
          Kind
        </label>
        <select id="audit-kind" name="kind" defaultValue={values.kind ?? ""} className={fieldClass}>
          <option value="">Any kind</option>
          {kinds.map((kind) => (
            <option key={kind} value={kind}>
              {kind}
            </option>
          ))}
        </select>
      </div>
      <div>
        <label htmlFor="audit-from" className="text-sm font-medium text-slate-900">
          From (UTC)
        </label>
        <input
          id="audit-from"
          name="from"
          type="datetime-local"
          defaultValue={values.from ?? ""}
          className={fieldClass}
        />
      </div>
      <div>
        <label htmlFor="audit-to" className="text-sm font-medium text-slate-900">
          To (UTC)
        </label>
        <input
          id="audit-to"
          name="to"
          type="datetime-local"
          defaultValue={values.to ?? ""}
          className={fieldClass}
        />
      </div>
      <div className="flex flex-wrap gap-3 sm:col-span-2 lg:col-span-3">
        <button
          type="submit"
          className="inline-flex min-h-10 items-center rounded-md bg-blue-700 px-4 text-sm font-medium text-white hover:bg-blue-800"
        >
          Apply filters
        </button>
        <a
          href="/audit"
          className="inline-flex min-h-10 items-center rounded-md px-4 text-sm font-medium text-slate-700 hover:bg-slate-100"
        >
          Clear
        </a>
      </div>
    </form>
  );
}
