import type { PrismaClient } from "@/lib/generated/prisma/client";

/**
 * Stands in for the database failing between the first writes of an intake and its message (a
 * lost connection, a full disk): every insert into messages raises until `allowMessageInserts`.
 */
export async function refuseMessageInserts(db: PrismaClient): Promise<void> {
  await db.$executeRawUnsafe(`
    CREATE FUNCTION refuse_customer_messages() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN RAISE EXCEPTION 'messages are refused for this test'; END $$`);
  await db.$executeRawUnsafe(`
    CREATE TRIGGER refuse_customer_messages BEFORE INSERT ON messages
    FOR EACH ROW EXECUTE FUNCTION refuse_customer_messages()`);
}

export async function allowMessageInserts(db: PrismaClient): Promise<void> {
  await db.$executeRawUnsafe("DROP TRIGGER IF EXISTS refuse_customer_messages ON messages");
  await db.$executeRawUnsafe("DROP FUNCTION IF EXISTS refuse_customer_messages()");
}
