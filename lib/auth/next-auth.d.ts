import type { Role } from "@/lib/domain/authz";

declare module "next-auth" {
  interface User {
    id: string;
    email: string;
    name: string;
    role: Role;
    sessionVersion: number;
  }

  interface Session {
    user: { id: string; email: string; name: string; role: Role; sessionVersion: number };
  }
}

declare module "next-auth/jwt" {
  interface JWT {
    id: string;
    role: Role;
    sessionVersion: number;
  }
}
