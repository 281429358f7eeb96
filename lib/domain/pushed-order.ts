import { z } from "zod";
import { canonicalJson, sha256Hex } from "./canonical-hash";
import { currencyMinorUnits } from "./pushed-order-currencies";
import { findUnstorableText, hasControlCharacter } from "./storable-text";
import type { StoreOrder } from "./store-order";

/*
 * An order a store pushes to Countersign (the signed orders API, or one order of a CSV import):
 * the document as the store sends it, validated field by field and across fields, then
 * normalised so the same order always has the same version. Amounts are integers in the
 * currency's minor unit (cents for USD). Every message says what is allowed, so a store's
 * developer can fix the document from the answer alone; the path names the field and the line.
 */

export const PUSHED_ORDER_LIMITS = {
  /** Under Postgres's 32-bit integer columns, and far above any real line or shipping charge. */
  maxAmountMinor: 1_000_000_000,
  maxQuantity: 10_000,
  maxLines: 200,
  maxRefunds: 100,
  maxTextLength: 200,
  maxNumberLength: 64,
} as const;

const { maxAmountMinor, maxQuantity, maxLines, maxRefunds, maxTextLength, maxNumberLength } =
  PUSHED_ORDER_LIMITS;

/** One problem in a pushed document: the field's path (`lines.2.quantity`) and what is allowed. */
export type PushedOrderFieldError = { path: string; message: string };

/** A value echoed in a message, quoted and cut short: a message never repeats a whole upload. */
export function quoted(value: unknown): string {
  const text = typeof value === "string" ? value : String(JSON.stringify(value));
  return JSON.stringify(text.length > 40 ? `${text.slice(0, 40)}…` : text);
}

function storable(value: string): boolean {
  return findUnstorableText(value) === null && !hasControlCharacter(value);
}

function text(max: number = maxTextLength) {
  return z
    .string({ error: "must be text" })
    .trim()
    .min(1, "must not be empty")
    .max(max, `must be at most ${max} characters`)
    .refine(storable, "must not contain control characters, NUL or unpaired surrogates");
}

const amountMinor = z
  .int({
    error: `must be a whole number of the currency's minor unit (4800 for 48.00 USD), from 0 to ${maxAmountMinor}`,
  })
  .min(0, `must not be negative (amounts are from 0 to ${maxAmountMinor})`)
  .max(maxAmountMinor, `must be at most ${maxAmountMinor}`);

const quantity = z
  .int({ error: `must be a whole number of units from 1 to ${maxQuantity}` })
  .min(1, `must be at least 1 (leave a removed line out of the order instead)`)
  .max(maxQuantity, `must be at most ${maxQuantity}`);

const dateTime = z.iso
  .datetime({
    offset: true,
    error: "must be an ISO 8601 date-time with a time zone, e.g. 2026-11-02T14:30:00Z",
  })
  .transform((value) => new Date(value).toISOString());

const ORDER_NUMBER = /^[A-Za-z0-9#][A-Za-z0-9#._-]*$/;

export const orderNumberSchema = z
  .string({ error: "must be text" })
  .trim()
  .min(1, "must not be empty")
  .max(maxNumberLength, `must be at most ${maxNumberLength} characters`)
  .regex(ORDER_NUMBER, "may use only letters, digits, #, ., - and _ (e.g. #1001 or A-1042)");

const currency = z
  .string({ error: "must be text" })
  .refine((code) => currencyMinorUnits(code) !== null, {
    error: (issue) =>
      `must be an ISO 4217 currency code in capitals, such as USD or EUR; ${quoted(issue.input)} is not one`,
  });

const category = z
  .string({ error: "must be text" })
  .regex(
    /^[a-z][a-z0-9_]{0,39}$/,
    "must be a policy category: lower-case letters, digits and _, e.g. kitchen, apparel, electronics or gift_card",
  );

const flag = z.boolean({ error: "must be true or false" });

function strictObject<Shape extends z.ZodRawShape>(shape: Shape) {
  return z.strictObject(shape, {
    error: (issue) =>
      issue.code === "unrecognized_keys"
        ? `has fields this document does not have: ${issue.keys.join(", ")}`
        : "must be an object",
  });
}

const lineSchema = strictObject({
  id: text(),
  sku: text(100),
  name: text(),
  category,
  quantity,
  unitPriceCents: amountMinor,
  finalSale: flag,
  opened: flag,
});

const refundSchema = strictObject({
  id: text(),
  createdAt: dateTime,
  /** A refund Countersign made carries `countersign:<action id>` here if the store keeps notes. */
  note: text(500).nullable().optional(),
  lines: z
    .array(strictObject({ lineId: text(), quantity }), { error: "must be a list" })
    .max(maxLines, `must list at most ${maxLines} lines`),
  shippingCents: amountMinor,
});

const documentShape = strictObject({
  number: orderNumberSchema,
  customer: strictObject({
    email: z
      .string({ error: "must be text" })
      .trim()
      .toLowerCase()
      .max(254, "must be at most 254 characters")
      .pipe(z.email({ error: "must be an email address, e.g. maya@example.com" })),
    name: text(),
  }),
  currency,
  placedAt: dateTime,
  deliveredAt: dateTime.nullable(),
  shippingCents: amountMinor,
  paymentMethodLabel: text(100),
  paymentReference: text().nullable().optional(),
  lines: z
    .array(lineSchema, { error: "must be a list" })
    .min(1, "must list at least one line")
    .max(maxLines, `must list at most ${maxLines} lines`),
  refunds: z
    .array(refundSchema, { error: "must be a list" })
    .max(maxRefunds, `must list at most ${maxRefunds} refunds`)
    .optional(),
});

type PushedOrderShape = z.output<typeof documentShape>;

/** The checks no single field can make: ids, refunds against lines, shipping, dates. */
function checkAcrossFields(
  order: PushedOrderShape,
  issue: (path: PropertyKey[], message: string) => void,
) {
  const lineQuantity = new Map<string, number>();
  order.lines.forEach((line, index) => {
    if (lineQuantity.has(line.id)) {
      issue(
        ["lines", index, "id"],
        `${quoted(line.id)} is the id of another line of this order too; each line needs its own id`,
      );
    } else {
      lineQuantity.set(line.id, line.quantity);
    }
  });
  if (order.deliveredAt !== null && order.deliveredAt < order.placedAt) {
    issue(["deliveredAt"], "must not be before placedAt");
  }

  const refundIds = new Set<string>();
  const refunded = new Map<string, number>();
  let shippingRefunded = 0;
  (order.refunds ?? []).forEach((refund, refundIndex) => {
    if (refundIds.has(refund.id)) {
      issue(
        ["refunds", refundIndex, "id"],
        `${quoted(refund.id)} is the id of another refund of this order too; each refund needs its own id`,
      );
    }
    refundIds.add(refund.id);
    if (refund.lines.length === 0 && refund.shippingCents === 0) {
      issue(
        ["refunds", refundIndex, "lines"],
        "must name at least one line, or the refund must refund shipping",
      );
    }
    const named = new Set<string>();
    refund.lines.forEach((line, lineIndex) => {
      const path = ["refunds", refundIndex, "lines", lineIndex];
      const ordered = lineQuantity.get(line.lineId);
      if (ordered === undefined) {
        issue(
          [...path, "lineId"],
          `names line ${quoted(line.lineId)}, which is not on this order (its lines: ${[...lineQuantity.keys()].slice(0, 10).map(quoted).join(", ")})`,
        );
        return;
      }
      if (named.has(line.lineId)) {
        issue(
          [...path, "lineId"],
          `names line ${quoted(line.lineId)} twice in one refund; give its units once`,
        );
        return;
      }
      named.add(line.lineId);
      const total = (refunded.get(line.lineId) ?? 0) + line.quantity;
      refunded.set(line.lineId, total);
      if (total > ordered) {
        issue(
          [...path, "quantity"],
          `brings the units refunded on line ${quoted(line.lineId)} to ${total}, more than the ${ordered} ordered`,
        );
      }
    });
    shippingRefunded += refund.shippingCents;
    if (shippingRefunded > order.shippingCents) {
      issue(
        ["refunds", refundIndex, "shippingCents"],
        `brings the shipping refunded to ${shippingRefunded}, more than the ${order.shippingCents} charged`,
      );
    }
  });
}

/** A pushed order as validated and normalised: trimmed text, lower-case email, UTC timestamps. */
export type PushedOrder = {
  number: string;
  customer: { email: string; name: string };
  currency: string;
  placedAt: string;
  deliveredAt: string | null;
  shippingCents: number;
  paymentMethodLabel: string;
  paymentReference: string | null;
  lines: PushedOrderLine[];
  refunds: PushedOrderRefund[];
};
export type PushedOrderLine = PushedOrderShape["lines"][number];
export type PushedOrderRefund = {
  id: string;
  createdAt: string;
  note: string | null;
  lines: { lineId: string; quantity: number }[];
  shippingCents: number;
};

export type PushedOrderParse =
  | { ok: true; order: PushedOrder }
  | { ok: false; errors: PushedOrderFieldError[] };

function pathText(path: readonly PropertyKey[]): string {
  return path.map(String).join(".") || "(document)";
}

export function parsePushedOrder(document: unknown): PushedOrderParse {
  const result = documentShape.safeParse(document);
  if (!result.success) {
    return {
      ok: false,
      errors: result.error.issues.map((issue) => ({
        path: pathText(issue.path),
        message: issue.message,
      })),
    };
  }
  const order = result.data;
  // Only a document whose every field is valid is checked across fields.
  const errors: PushedOrderFieldError[] = [];
  checkAcrossFields(order, (path, message) => errors.push({ path: pathText(path), message }));
  if (errors.length > 0) return { ok: false, errors };
  return {
    ok: true,
    order: {
      ...order,
      paymentReference: order.paymentReference ?? null,
      refunds: (order.refunds ?? []).map((refund) => ({ ...refund, note: refund.note ?? null })),
    },
  };
}

const byId = <T extends { id: string }>(a: T, b: T) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);

/**
 * The order's version: a hash of its canonical JSON with lines and refunds in id order, so the
 * same document sent twice (or its lines listed in another order) is the same version.
 */
export function pushedOrderVersion(order: PushedOrder): string {
  const canonical = {
    ...order,
    lines: [...order.lines].sort(byId),
    refunds: [...order.refunds].sort(byId).map((refund) => ({
      ...refund,
      lines: [...refund.lines].sort((a, b) =>
        a.lineId < b.lineId ? -1 : a.lineId > b.lineId ? 1 : 0,
      ),
    })),
  };
  return `sha256:${sha256Hex(canonicalJson(canonical))}`;
}

/** The store order Countersign keeps for a pushed one: no store customer id. */
export type PushedStoreOrder = StoreOrder & { customer: { externalId: null } };

export function toPushedStoreOrder(order: PushedOrder): PushedStoreOrder {
  return {
    externalId: order.number,
    number: order.number,
    version: pushedOrderVersion(order),
    customer: { externalId: null, email: order.customer.email, name: order.customer.name },
    currency: order.currency,
    placedAt: new Date(order.placedAt),
    deliveredAt: order.deliveredAt === null ? null : new Date(order.deliveredAt),
    shippingCents: order.shippingCents,
    paymentMethodLabel: order.paymentMethodLabel,
    paymentReference: order.paymentReference,
    lines: order.lines.map((line) => ({
      externalId: line.id,
      sku: line.sku,
      name: line.name,
      category: line.category,
      quantity: line.quantity,
      unitPriceCents: line.unitPriceCents,
      finalSale: line.finalSale,
      opened: line.opened,
    })),
    refunds: order.refunds.map((refund) => ({
      externalId: refund.id,
      note: refund.note,
      createdAt: new Date(refund.createdAt),
      lines: refund.lines.map((line) => ({ lineExternalId: line.lineId, quantity: line.quantity })),
      shippingCents: refund.shippingCents,
    })),
  };
}
