-- Customer emails are stored in their normal form (trimmed, lower-case; lib/domain/email-address.ts)
-- and looked up by equality on the unique index customers_email_key, never by a case-insensitive
-- pattern. Rows written before this rule are brought into that form; two rows that differ only in
-- case stop the migration, as they are one mailbox and a person must decide which account it is.
UPDATE "customers" SET "email" = lower(btrim("email")) WHERE "email" <> lower(btrim("email"));
