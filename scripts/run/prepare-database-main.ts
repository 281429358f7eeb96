// The process prepare-database-process.ts starts: prepares DATABASE_URL's database, then exits.
import { prepareDatabase } from "./prepare-database";

const databaseUrl = process.env.DATABASE_URL;
if (!databaseUrl) {
  console.error("DATABASE_URL is not set.");
  process.exit(2);
}
prepareDatabase(databaseUrl).then(
  () => process.exit(0),
  (error: Error) => {
    console.error(error.message);
    process.exit(1);
  },
);
