// npm run db:migrate — applies the migration folders not yet applied, like `prisma migrate deploy`.
import { loadEnvFiles } from "../load-env-files";
import { projectRoot } from "../project-root";
import { withDatabase } from "./dev-database";
import { applyMigrations } from "./schema-engine";

loadEnvFiles(projectRoot);
try {
  const { applied } = await withDatabase(applyMigrations);
  console.log(
    applied.length === 0
      ? "No pending migrations."
      : `Applied ${applied.length} migration(s):\n${applied.map((name) => `  ${name}`).join("\n")}`,
  );
} catch (error) {
  console.error(`Migration failed: ${(error as Error).message}`);
  process.exitCode = 1;
}
