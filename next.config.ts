import type { NextConfig } from "next";

// Headers every response gets, pages and API alike. The Content-Security-Policy is set per
// request in proxy.ts instead, because it carries a fresh nonce.
const baseSecurityHeaders = [
  { key: "X-Content-Type-Options", value: "nosniff" },
  { key: "Referrer-Policy", value: "strict-origin-when-cross-origin" },
  { key: "Permissions-Policy", value: "camera=(), microphone=(), geolocation=(), payment=()" },
];

const nextConfig: NextConfig = {
  // No X-Powered-By: nothing is gained by advertising the framework and version.
  poweredByHeader: false,
  // `forbidden()` gives pages a real 403 when a role lacks a permission.
  experimental: { authInterrupts: true },
  // The mail stack and the job queue (pg-boss) load their own modules at run time; Node resolves
  // them, the bundler need not.
  serverExternalPackages: ["smtp-server", "nodemailer", "mailparser", "pg-boss"],
  async headers() {
    return [{ source: "/:path*", headers: baseSecurityHeaders }];
  },
};

export default nextConfig;
