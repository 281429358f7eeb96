import type { NextConfig } from "next";
import { baseSecurityHeaders } from "./lib/server/http/base-security-headers";
import { linkDuplicateServerChunks } from "./scripts/build/link-duplicate-server-chunks";

/*
 * The build `npm start` makes when there is none or the sources changed (scripts/bootstrap.mjs sets
 * the variable): a newcomer's first start waits for the app only, not for checks made elsewhere.
 */
const buildToServe = process.env.COUNTERSIGN_BUILD_TO_SERVE === "1";

const nextConfig: NextConfig = {
  // No X-Powered-By: nothing is gained by advertising the framework and version.
  poweredByHeader: false,
  experimental: {
    // `forbidden()` gives pages a real 403 when a role lacks a permission.
    authInterrupts: true,
    // A server loads a route's modules when the route is first asked for, not every route at
    // start: an instance holds only what it serves (bench:idle).
    preloadEntriesOnStart: false,
    // `npm start`'s build writes no Turbopack build cache: only a later build would read it.
    turbopackFileSystemCacheForBuild: !buildToServe,
  },
  compiler: {
    // One copy of each server chunk Turbopack writes once per route (bench:idle).
    async runAfterProductionCompile({ distDir }) {
      linkDuplicateServerChunks(distDir);
    },
  },
  // `npm start` skips the type check: `npm test`, `npm run build` and lint run it.
  typescript: { ignoreBuildErrors: buildToServe },
  // The mail stack and the job queue (pg-boss) load their own modules at run time; Node resolves
  // them, the bundler need not.
  serverExternalPackages: ["smtp-server", "nodemailer", "mailparser", "pg-boss"],
  // Staff pages lived under /tickets before the code took one name for the record; bookmarks and
  // links in sent emails keep working.
  async redirects() {
    return [
      {
        source: "/tickets/:conversationId",
        destination: "/conversations/:conversationId",
        permanent: true,
      },
    ];
  },
  async headers() {
    return [
      {
        source: "/:path*",
        headers: Object.entries(baseSecurityHeaders).map(([key, value]) => ({ key, value })),
      },
    ];
  },
};

export default nextConfig;
