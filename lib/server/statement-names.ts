/*
 * Names for Prisma's statements, so that `pg` prepares each one once per connection and Postgres
 * keeps its plan instead of parsing and planning it again on every execution, as it does for an
 * unnamed statement. The agent loop's statements are large CTEs whose planning took longer than
 * their execution. Prisma's former Rust engine cached statements the same way
 * (`statement_cache_size`); its driver adapters leave it to `statementNameGenerator`.
 *
 * Only statements with parameters are named: a parameterless text may hold several commands,
 * which a prepared statement cannot. The first `limit` distinct texts of the process get names,
 * so a connection never holds more prepared statements than that; rarer texts met later (an IN
 * list of an unusual length) run unnamed, as before.
 */
export type StatementNamer = (query: {
  sql: string;
  args: readonly unknown[];
}) => string | undefined;

export const STATEMENT_CACHE_LIMIT = 300;

export function createStatementNamer(limit = STATEMENT_CACHE_LIMIT): StatementNamer {
  const names = new Map<string, string>();
  return ({ sql, args }) => {
    if (args.length === 0) return undefined;
    const known = names.get(sql);
    if (known !== undefined || names.size >= limit) return known;
    const name = `countersign_${names.size}`;
    names.set(sql, name);
    return name;
  };
}
