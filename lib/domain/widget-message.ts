import { z } from "zod";

/*
 * What a customer may send through the chat widget. One limit, shown under the message box and
 * enforced by the API before anything is stored.
 */

export const WIDGET_MESSAGE_MAX_CHARS = 2000;

export const widgetMessageTextSchema = z
  .string()
  .trim()
  .min(1, "Write a message first.")
  .max(
    WIDGET_MESSAGE_MAX_CHARS,
    `Messages can be at most ${WIDGET_MESSAGE_MAX_CHARS} characters long.`,
  );

/** A client-made id per composed message: a retried or double-submitted send is stored once. */
export const clientMessageIdSchema = z
  .string()
  .regex(/^[A-Za-z0-9_-]{8,64}$/, "must be 8–64 letters, digits, - or _");
