import { defineRoute } from "@/lib/server/http/route";
import {
  CSV_IMPORT_LIMITS,
  importOrdersCsv,
  importOrdersCsvSchema,
} from "@/lib/server/services/store-orders/import-orders-csv";

// The CSV travels inside JSON, where quotes and line breaks take two bytes each: room for a
// 5 MB file written that way; the use case measures the file itself.
export const POST = defineRoute(
  {
    permission: "settings.write",
    body: importOrdersCsvSchema,
    maxBodyBytes: 2 * CSV_IMPORT_LIMITS.maxBytes + 64 * 1024,
  },
  ({ body, session, context }) => importOrdersCsv({ ...body, staffId: session.user.id }, context),
);
