// `node next-server.mjs -p <port> [-H <hostname>]`: the production server. It is `next start`
// with one difference: a request to an endpoint listed in lib/server/http/node-routes.ts is
// answered by the app's own Node handler for it, before Next's router; Next serves everything
// else. Those endpoints are where a burst of clicks lands, and Next's per-request work there cost
// more CPU than the decision itself (docs/decisions/0003-node-routes-before-next.md). The
// handlers are compiled into Next's build and registered by instrumentation.ts once Next has
// started the app, so until then Next answers those endpoints too, with the same definitions.
// Plain JavaScript, so it starts without a TypeScript loader.
import fs from "node:fs";
import http from "node:http";
import path from "node:path";
import { parseArgs } from "node:util";
import { appendPeerToForwardedFor } from "./forwarded-for.mjs";

process.env.NODE_ENV ??= "production";
const dir = path.resolve(import.meta.dirname, "../..");
// The configuration as the build resolved it, as a standalone build's server.js passes it: left
// to itself, Next would compile next.config.ts again with SWC, whose native module then stays in
// the process (about 25 MB resident) for nothing. The .env files are still read (by Next's server).
const { config } = JSON.parse(
  fs.readFileSync(path.join(dir, ".next", "required-server-files.json"), "utf8"),
);
process.env.__NEXT_PRIVATE_STANDALONE_CONFIG = JSON.stringify(config);
const { default: next } = await import("next");

const { values } = parseArgs({
  options: { port: { type: "string", short: "p" }, hostname: { type: "string", short: "H" } },
});
const port = Number(values.port ?? process.env.PORT ?? 3000);
if (!Number.isInteger(port) || port < 0) {
  console.error("Usage: node next-server.mjs -p <port> [-H <hostname>]");
  process.exit(2);
}

const ANSWER_BEFORE_NEXT = Symbol.for("countersign.answerBeforeNext");
// Only this machine unless asked: a server on every interface is reachable from the network.
const hostname = values.hostname ?? "localhost";
const app = next({
  dev: false,
  dir,
  hostname,
  port,
});
await app.prepare();
const handleWithNext = app.getRequestHandler();

const server = http.createServer((req, res) => {
  appendPeerToForwardedFor(req.headers, req.socket.remoteAddress);
  if (globalThis[ANSWER_BEFORE_NEXT]?.(req, res)) return;
  handleWithNext(req, res).catch((error) => {
    console.error(error);
    if (!res.headersSent) res.writeHead(500);
    res.end();
  });
});
server.listen(port, hostname, () => {
  console.log(`Countersign is listening on ${hostname}:${port}.`);
});

// Told to stop: first drain, then as `next start`. While draining, the process still answers
// requests but says it is stopping (/api/health answers 503, live streams are closed and new ones
// refused), so load balancers and open pages stop sending work here; a page refresh already
// decided on still gets its answer instead of a refused connection, which Next would turn into a
// full page load onto the browser's error screen. Then: stop taking connections, let open
// requests finish, close Next, and exit with the signal's code.
const PROCESS_STOPPING = Symbol.for("countersign.processStopping");
const drainSeconds = Number(process.env.SHUTDOWN_DRAIN_SECONDS || 1);
if (!Number.isFinite(drainSeconds) || drainSeconds < 0) {
  console.error("SHUTDOWN_DRAIN_SECONDS must be a number of seconds, 0 or more.");
  process.exit(2);
}
let stopping = false;
function stop(signal) {
  if (stopping) return;
  stopping = true;
  globalThis[PROCESS_STOPPING] = true;
  setTimeout(() => {
    server.close(() => {
      app
        .close()
        .catch((error) => console.error(error))
        // The app's clean stop (lib/server/process/start-background-work.ts) ends first.
        .then(() => globalThis[Symbol.for("countersign.beforeExit")]?.())
        .finally(() => process.exit(signal === "SIGINT" ? 130 : 143));
    });
  }, drainSeconds * 1000);
}
for (const signal of ["SIGTERM", "SIGINT"]) process.on(signal, () => stop(signal));
