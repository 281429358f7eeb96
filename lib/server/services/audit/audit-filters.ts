import { z } from "zod";
import { storableText } from "@/lib/server/http/text-schema";

/*
 * The audit log's filters, read from the query string by both the page and the CSV export so
 * the export holds exactly the rows on screen. Empty form fields count as "no filter".
 */

const blankToUndefined = (value: unknown) =>
  typeof value === "string" && value.trim() === "" ? undefined : value;

const optionalText = z.preprocess(blankToUndefined, storableText().trim().max(200).optional());

const EARLIEST_TIME = new Date("1970-01-01T00:00:00Z");
const LATEST_TIME = new Date("9999-12-31T23:59:59Z");

// <input type="datetime-local"> sends "2026-03-01T12:00" with no zone; the page says it is UTC.
const optionalTime = z.preprocess(
  blankToUndefined,
  z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?Z?)?$/, "Use YYYY-MM-DDTHH:MM")
    .transform((value) => new Date(/T/.test(value) && !value.endsWith("Z") ? `${value}Z` : value))
    .refine((date) => !Number.isNaN(date.getTime()), "Not a valid time")
    // Postgres has no year 0 and JavaScript dates end in 275760: keep to years it can compare.
    .refine(
      (date) =>
        date.getTime() >= EARLIEST_TIME.getTime() && date.getTime() <= LATEST_TIME.getTime(),
      "Use a time between the years 1970 and 9999",
    )
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

const auditFilterFields = z.object({
  conversation: optionalText,
  action: optionalText,
  actor: actorFilter,
  kind: optionalText,
  from: optionalTime,
  to: optionalTime,
});

const fromBeforeTo = (value: { from?: Date; to?: Date }) =>
  !(value.from && value.to && value.from.getTime() > value.to.getTime());
const fromBeforeToIssue = { message: "The start must not be after the end", path: ["to"] };

export const auditFiltersSchema = auditFilterFields.refine(fromBeforeTo, fromBeforeToIssue);

export const auditPageQuerySchema = auditFilterFields
  .extend({
    /** Keyset cursor: show events with a smaller id (older) than this one. */
    before: z.preprocess(
      blankToUndefined,
      z
        .string()
        .regex(/^\d{1,19}$/)
        .optional(),
    ),
  })
  .refine(fromBeforeTo, fromBeforeToIssue);

export type AuditFilters = z.infer<typeof auditFiltersSchema>;
