import { z } from "zod";

/** Which workspace's policy: optional for a staff member of one workspace. */
export const workspaceIdField = z
  .string()
  .regex(/^[A-Za-z0-9_-]{1,100}$/, "must be a workspace id")
  .optional();

export const workspaceQuerySchema = z.object({ workspaceId: workspaceIdField }).strict();

/** An instant with its offset, as the editor's date fields send it. */
export const instantField = z.iso
  .datetime({ offset: true, message: "must be a date and time with its offset" })
  .transform((text) => new Date(text));
