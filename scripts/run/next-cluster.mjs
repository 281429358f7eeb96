// `node next-cluster.mjs <processes> <server-script> -p <port>`: that many server processes
// sharing one port through node:cluster, so a server uses more than one core (Node runs a
// process's JavaScript on one). The primary only hands out connections and replaces a process
// that died; the processes are independent app instances, as behind a load balancer: each has
// its own heartbeat, job workers and connection pool, and the database coordinates them.
// Plain JavaScript, so it starts without a TypeScript loader.
import cluster from "node:cluster";

const [count, serverScript, ...serverArgs] = process.argv.slice(2);
const processes = Number(count);
if (!Number.isInteger(processes) || processes < 1 || !serverScript) {
  console.error("Usage: node next-cluster.mjs <processes> <server-script> -p <port>");
  process.exit(2);
}

// More deaths than this in a minute means something is wrong with every process, not one.
const MAX_REPLACEMENTS_PER_MINUTE = 5;
const replacements = [];
let stopping = false;

cluster.setupPrimary({ exec: serverScript, args: serverArgs });
for (let index = 0; index < processes; index += 1) cluster.fork();

cluster.on("exit", (worker, code, signal) => {
  if (stopping) {
    if (Object.keys(cluster.workers ?? {}).length === 0) process.exit(0);
    return;
  }
  const now = Date.now();
  while (replacements.length > 0 && now - replacements[0] > 60_000) replacements.shift();
  if (replacements.length >= MAX_REPLACEMENTS_PER_MINUTE) {
    console.error(`Server processes keep dying (the last: ${signal ?? `exit ${code}`}); stopping.`);
    stop("SIGTERM");
    process.exitCode = 1;
    return;
  }
  replacements.push(now);
  console.error(
    `Server process ${worker.process.pid} ended (${signal ?? `exit ${code}`}); starting another.`,
  );
  cluster.fork();
});

function stop(signal) {
  stopping = true;
  const workers = Object.values(cluster.workers ?? {});
  if (workers.length === 0) process.exit(process.exitCode ?? 0);
  for (const worker of workers) worker?.process.kill(signal);
}

for (const signal of ["SIGTERM", "SIGINT"]) process.on(signal, () => stop(signal));
