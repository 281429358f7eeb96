import pg from "pg";

/** What a journey stored, read straight from the suite's database (E2E_DATABASE_URL). */
export async function withDatabase<T>(work: (client: pg.Client) => Promise<T>): Promise<T> {
  const connectionString = process.env.E2E_DATABASE_URL;
  if (!connectionString) throw new Error("E2E_DATABASE_URL is not set (see e2e/global-setup.ts)");
  const client = new pg.Client({ connectionString });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

export async function queryRows<T>(sql: string, params: unknown[] = []): Promise<T[]> {
  return withDatabase(async (client) => (await client.query(sql, params)).rows as T[]);
}
