import { z } from "zod";

/*
 * The audit log's filters, read from the query string by both the page and the CSV export so
 * the export holds exactly the rows on screen. Empty form fields count as "no filter".
 */

const blankToUndefined = (value: unknown) =>
  typeof value === "string" && value.trim() === "" ? undefined : value;

const optionalText = z.preprocess(blankToUndefined, z.string().trim().max(200).optional());

// <input type="datetime-local"> sends "2026-03-01T12:00" with no zone; the page says it is UTC.
const optionalTime = z.preprocess(
  blankToUndefined,
  z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?Z?)?$/, "Use YYYY-MM-DDTHH:MM")
    .transform((value) => new Date(/T/.test(value) && !value.endsWith("Z") ? `${value}Z` : value))
    .refine((date) => !Number.isNaN(date.getTime()), "Not a valid time")
    .optional(),
);

/** "staff:<userId>" for one person, or "kind:agent|system|customer" for a kind of actor. */
const actorFilter = z.preprocess(
  blankToUndefined,
  z
    .string()
    .regex(/^(staff:[\w-]{1,100}|kind:(agent|system|customer|staff))$/, "Unknown actor")
    .optional(),
);

export const auditFiltersSchema = z.object({
  conversation: optionalText,
  action: optionalText,
  actor: actorFilter,
  kind: optionalText,
  from: optionalTime,
  to: optionalTime,
});

export const auditPageQuerySchema = auditFiltersSchema.extend({
  /** Keyset cursor: show events with a smaller id (older) than this one. */
  before: z.preprocess(
    blankToUndefined,
    z
      .string()
      .regex(/^\d{1,19}$/)
      .optional(),
  ),
});

export type AuditFilters = z.infer<typeof auditFiltersSchema>;
