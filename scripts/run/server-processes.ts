/**
 * How many `next start` processes serve the app (WEB_CONCURRENCY, the name hosting platforms
 * use): 1 unless set. Node runs a process's JavaScript on one core, so a server with more cores
 * answers bursts faster with one process per core (bench:approve). `npm run dev` always runs one.
 */
export function serverProcesses(value: string | undefined): number {
  if (value === undefined || value.trim() === "") return 1;
  const count = Number(value);
  if (!Number.isInteger(count) || count < 1 || count > 64) {
    throw new Error(
      `WEB_CONCURRENCY must be a whole number of server processes from 1 to 64, not "${value}".`,
    );
  }
  return count;
}
