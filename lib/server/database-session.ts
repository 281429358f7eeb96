import { PrismaPg } from "@prisma/adapter-pg";

/*
 * Prisma's pg adapter sends a DateTime as a UTC wall time with no offset ("2026-12-03
 * 07:45:00.000"), which Postgres reads in the session's time zone. Every session of ours therefore
 * runs in UTC, whatever the server's `timezone` setting, so the instants Prisma writes into
 * timestamptz columns are the ones it meant, and compare correctly with now() in raw SQL.
 */
export const UTC_SESSION_OPTIONS = "-c TimeZone=UTC";

export function createPrismaAdapter(connectionString: string): PrismaPg {
  return new PrismaPg({ connectionString, options: UTC_SESSION_OPTIONS });
}
