import { z } from "zod";

/** A ticket's status as staff set it; the database enum (WorkflowStatus) holds the same values. */
export const WORKFLOW_STATUSES = ["open", "pending", "solved"] as const;
export const workflowStatusSchema = z.enum(WORKFLOW_STATUSES);
export type WorkflowStatus = z.infer<typeof workflowStatusSchema>;
