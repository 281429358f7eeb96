import { z } from "zod";

/** A workspace's or connection's id as the database makes them (cuids); nothing else is looked up. */
export const recordIdSchema = z
  .string()
  .regex(/^[A-Za-z0-9_-]{1,100}$/, "must be an id of letters, digits, - and _");
