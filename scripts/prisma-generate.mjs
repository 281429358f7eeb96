// `prisma generate` without a network: the CLI tries to download the native schema engine before
// any command unless PRISMA_SCHEMA_ENGINE_BINARY names a file, and generate itself never runs it.
import { spawnSync } from "node:child_process";
import { createRequire } from "node:module";
import path from "node:path";
import { fileURLToPath } from "node:url";

const require = createRequire(import.meta.url);
const prismaPackage = require.resolve("prisma/package.json");
const prismaCli = path.join(path.dirname(prismaPackage), require(prismaPackage).bin.prisma);
const engineStub = fileURLToPath(new URL("./db/no-native-schema-engine.sh", import.meta.url));

const { status, error } = spawnSync(
  process.execPath,
  [prismaCli, "generate", ...process.argv.slice(2)],
  {
    stdio: "inherit",
    env: {
      PRISMA_SCHEMA_ENGINE_BINARY: engineStub,
      // The update check and telemetry would only wait on a network that is not there.
      CHECKPOINT_DISABLE: "1",
      PRISMA_HIDE_UPDATE_MESSAGE: "1",
      ...process.env,
    },
  },
);
if (error) throw error;
process.exit(status ?? 1);
