"use client";

import { useRouter } from "next/navigation";
import { useEffect, useRef, useState } from "react";
import { Button, buttonClassName } from "@/components/ui/button";
import { OutcomeMessages } from "@/components/ui/form-message";
import { RelativeTime } from "@/components/ui/relative-time";
import { describeProblem } from "@/lib/client/send-json";
import type { OrderPushKeyCreated } from "@/lib/server/services/store-orders/create-order-push-key";
import type { WorkspaceOrdersApi } from "@/lib/server/services/store-orders/list-order-push-keys";
import { CopyButton } from "./copy-button";
import { sendRequest } from "./send-request";

const term = "text-sm font-medium text-slate-700";
const detail = "min-w-0 text-sm text-slate-900 break-words";
const code = "rounded bg-slate-100 px-2 py-1 font-mono break-all";

/** The curl a store's developer can start from; the key itself is never put in it. */
function curlExample(pushUrl: string, workspaceKey: string): string {
  return [
    `BODY='{"number":"A-1001","customer":{"email":"maya@example.com","name":"Maya Lin"},"currency":"USD","placedAt":"2026-11-02T14:30:00Z","deliveredAt":null,"shippingCents":800,"paymentMethodLabel":"Visa •4242","lines":[{"id":"1","sku":"KETTLE-1","name":"Kettle","category":"kitchen","quantity":1,"unitPriceCents":4800,"finalSale":false,"opened":false}]}'`,
    "TS=$(date +%s)",
    `SIG=$(printf '%s.%s' "$TS" "$BODY" | openssl dgst -sha256 -hmac "$ORDERS_API_KEY" -hex | sed 's/^.* //')`,
    `curl -X PUT "${pushUrl}A-1001" \\`,
    `  -H "Content-Type: application/json" \\`,
    `  -H "X-Countersign-Workspace: ${workspaceKey}" \\`,
    `  -H "X-Countersign-Timestamp: $TS" \\`,
    `  -H "X-Countersign-Signature: v1=$SIG" \\`,
    `  --data "$BODY"`,
  ].join("\n");
}

/*
 * One workspace's orders API: where its store pushes orders, the workspace key it names, and its
 * signing key, which an admin makes or rotates here and sees in full only once.
 */
export function OrdersApiCard({
  api,
  canChange,
  now,
}: {
  api: WorkspaceOrdersApi;
  canChange: boolean;
  now: Date;
}) {
  const router = useRouter();
  const [pending, setPending] = useState(false);
  const [confirmingRotate, setConfirmingRotate] = useState(false);
  const [shown, setShown] = useState<string | null>(null);
  const [outcome, setOutcome] = useState<{ tone: "success" | "danger"; text: string } | null>(null);
  const confirmRef = useRef<HTMLButtonElement>(null);
  const secretRef = useRef<HTMLElement>(null);

  useEffect(() => {
    if (confirmingRotate) confirmRef.current?.focus();
  }, [confirmingRotate]);
  useEffect(() => {
    if (shown) secretRef.current?.focus();
  }, [shown]);

  async function makeKey() {
    setPending(true);
    setOutcome(null);
    const result = await sendRequest<OrderPushKeyCreated>("POST", "/api/settings/order-push-key", {
      workspaceId: api.workspaceId,
    });
    setPending(false);
    setConfirmingRotate(false);
    if (!result.ok) {
      setOutcome({ tone: "danger", text: `No key made. ${describeProblem(result.problem)}` });
      return;
    }
    setShown(result.data.secret);
    setOutcome({
      tone: "success",
      text: result.data.rotated
        ? "New signing key made; the old one no longer works. Copy it now: it is not shown again."
        : "Signing key made. Copy it now: it is not shown again.",
    });
    router.refresh();
  }

  return (
    <div className="space-y-4">
      <OutcomeMessages outcome={outcome} />
      <dl className="grid gap-x-6 gap-y-3 sm:grid-cols-[max-content_1fr]">
        <dt className={term}>Push URL</dt>
        <dd className={`${detail} flex flex-wrap items-center gap-2`}>
          <code className={code} data-testid="orders-push-url">
            PUT {api.pushUrl}
            {"{number}"}
          </code>
        </dd>
        <dt className={term}>Workspace key</dt>
        <dd className={`${detail} flex flex-wrap items-center gap-2`}>
          <code className={code}>{api.workspaceKey}</code>
          <CopyButton text={api.workspaceKey} label="Copy the workspace key" />
        </dd>
        <dt className={term}>Signing key</dt>
        <dd className={`${detail} space-y-1`}>
          {api.key ? (
            <>
              <p className="font-mono">{api.key.secretMasked}</p>
              <p className="text-slate-700">
                made <RelativeTime date={api.key.createdAt} now={now} />;{" "}
                {api.key.lastUsedAt ? (
                  <>
                    last used <RelativeTime date={api.key.lastUsedAt} now={now} />
                  </>
                ) : (
                  "not used yet"
                )}
              </p>
            </>
          ) : (
            <p>None yet: no store can push orders to this workspace.</p>
          )}
        </dd>
      </dl>

      {shown ? (
        <div className="space-y-2 rounded-md border border-amber-300 bg-amber-50 p-3">
          <p className="text-sm font-medium text-amber-900">
            The signing key, shown this once. Keep it in your store&apos;s secrets:
          </p>
          <p className="flex flex-wrap items-center gap-2">
            <code
              ref={secretRef}
              tabIndex={-1}
              className={`${code} bg-white`}
              data-testid="orders-signing-key"
            >
              {shown}
            </code>
            <CopyButton text={shown} label="Copy the signing key" />
          </p>
        </div>
      ) : null}

      {canChange ? (
        confirmingRotate ? (
          <div className="space-y-3 rounded-md border border-red-200 bg-red-50 p-3">
            <p className="text-sm text-red-900">
              Make a new signing key? The current one stops working at once: pushes signed with it
              are refused until the store uses the new key.
            </p>
            <div className="flex flex-wrap gap-3">
              <button
                ref={confirmRef}
                type="button"
                className={buttonClassName("primary")}
                onClick={() => void makeKey()}
                disabled={pending}
              >
                {pending ? "Making…" : "Yes, make a new key"}
              </button>
              <Button variant="secondary" onClick={() => setConfirmingRotate(false)}>
                Cancel
              </Button>
            </div>
          </div>
        ) : (
          <Button
            variant={api.key ? "secondary" : "primary"}
            onClick={() => (api.key ? setConfirmingRotate(true) : void makeKey())}
            disabled={pending}
          >
            {pending ? "Making…" : api.key ? "Rotate signing key" : "Create signing key"}
          </Button>
        )
      ) : (
        <p className="text-sm text-slate-700">Only an admin can make or rotate the signing key.</p>
      )}

      <details className="text-sm">
        <summary className="cursor-pointer font-medium text-blue-800">
          Example: push an order with curl
        </summary>
        <p className="mt-2 text-slate-700">
          Sign the exact body: HMAC-SHA256 of the timestamp, a dot and the body, under the signing
          key (set <code>ORDERS_API_KEY</code> to it). Amounts are whole cents. The same order sent
          again changes nothing.
        </p>
        <pre className="mt-2 overflow-x-auto rounded bg-slate-900 p-3 text-xs text-slate-100">
          {curlExample(api.pushUrl, api.workspaceKey)}
        </pre>
      </details>
    </div>
  );
}
