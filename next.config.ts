import type { NextConfig } from "next";
import { baseSecurityHeaders } from "./lib/server/http/base-security-headers";

const nextConfig: NextConfig = {
  // No X-Powered-By: nothing is gained by advertising the framework and version.
  poweredByHeader: false,
  // `forbidden()` gives pages a real 403 when a role lacks a permission.
  experimental: { authInterrupts: true },
  // The mail stack and the job queue (pg-boss) load their own modules at run time; Node resolves
  // them, the bundler need not.
  serverExternalPackages: ["smtp-server", "nodemailer", "mailparser", "pg-boss"],
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
