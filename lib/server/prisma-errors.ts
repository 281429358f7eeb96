import { Prisma } from "@/lib/generated/prisma/client";

/** A unique constraint said no: the other writer got there first. */
export function isUniqueViolation(error: unknown): boolean {
  return error instanceof Prisma.PrismaClientKnownRequestError && error.code === "P2002";
}
