import { beforeEach, describe, expect, it } from "vitest";
import { DEFAULT_SETTINGS } from "@/lib/domain/settings";
import { testDatabaseClient } from "@/tests/support/test-database-hooks";
import { getSettings } from "./get-settings";

const prisma = testDatabaseClient();
beforeEach(() => prisma.$executeRaw`TRUNCATE settings`);

describe("getSettings", () => {
  it("uses the domain defaults when nothing is stored", async () => {
    expect(await getSettings(prisma)).toEqual(DEFAULT_SETTINGS);
  });

  it("applies stored values and ignores invalid ones", async () => {
    await prisma.setting.createMany({
      data: [
        { key: "approverLimitCents", value: 5000 },
        { key: "chatIdleMinutes", value: -3 },
        { key: "unrelated", value: "x" },
      ],
    });
    expect(await getSettings(prisma)).toEqual({ ...DEFAULT_SETTINGS, approverLimitCents: 5000 });
  });
});
