import { z } from "zod";

/** A ticket's status as staff set it; the database enum (TicketStatus) holds the same values. */
export const TICKET_STATUSES = ["open", "pending", "solved"] as const;
export const ticketStatusSchema = z.enum(TICKET_STATUSES);
export type TicketStatus = z.infer<typeof ticketStatusSchema>;
