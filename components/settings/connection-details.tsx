import { Badge } from "@/components/ui/badge";
import { RelativeTime } from "@/components/ui/relative-time";
import type { PaymentConnectionView } from "@/lib/server/services/connections/payment-connection-view";
import { ConnectionHealthBadge } from "./connection-health-badge";
import { CopyButton } from "./copy-button";
import type { ProviderForm } from "./provider-forms";

const term = "text-sm font-medium text-slate-700";
const detail = "text-sm text-slate-900 break-words";

export function ConnectionDetails({
  connection,
  form,
  now,
}: {
  connection: PaymentConnectionView;
  form: ProviderForm;
  now: Date;
}) {
  const masked = {
    secretKey: connection.secretKeyMasked,
    webhookSecret: connection.webhookSecretMasked,
  };
  return (
    <dl className="grid gap-x-6 gap-y-3 sm:grid-cols-[max-content_1fr]">
      <dt className={term}>Mode</dt>
      <dd className={detail}>
        <Badge tone={connection.mode === "live" ? "warning" : "info"}>
          {connection.mode === "live" ? "Live" : "Test"}
        </Badge>
      </dd>
      {form.fields.map((field) => (
        <div key={field.name} className="contents">
          <dt className={term}>{field.label}</dt>
          <dd className={`${detail} font-mono`}>
            {field.name === "shopDomain" ? connection.shopDomain : masked[field.name]}
          </dd>
        </div>
      ))}
      <dt className={term}>Health</dt>
      <dd className={`${detail} space-y-1`}>
        <p className="flex flex-wrap items-center gap-2">
          <ConnectionHealthBadge health={connection.health} />
          {connection.checkedAt ? (
            <span className="text-slate-700">
              checked <RelativeTime date={connection.checkedAt} now={now} />
            </span>
          ) : (
            <span className="text-slate-700">not tested since the keys were saved</span>
          )}
        </p>
        {connection.healthDetail ? (
          <p data-testid="health-detail">{connection.healthDetail}</p>
        ) : null}
      </dd>
      <dt className={term}>Last webhook</dt>
      <dd className={detail}>
        {connection.lastWebhookAt ? (
          <>
            <span className="font-mono">{connection.lastWebhookType}</span>,{" "}
            <RelativeTime date={connection.lastWebhookAt} now={now} />
          </>
        ) : (
          "None yet"
        )}
      </dd>
      <dt className={term}>Webhook URL</dt>
      <dd className={`${detail} space-y-2`}>
        <p className="flex flex-wrap items-center gap-2">
          <code className="rounded bg-slate-100 px-2 py-1 break-all" data-testid="webhook-url">
            {connection.webhookUrl}
          </code>
          <CopyButton text={connection.webhookUrl} label="Copy the webhook URL" />
        </p>
        <p className="text-slate-700">{form.webhookHelp}</p>
        <ul className="flex flex-wrap gap-2">
          {form.webhookEvents.map((event) => (
            <li key={event}>
              <code className="rounded bg-slate-100 px-2 py-0.5">{event}</code>
            </li>
          ))}
        </ul>
      </dd>
    </dl>
  );
}
