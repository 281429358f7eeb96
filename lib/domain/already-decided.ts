import { z } from "zod";

/*
 * What a 409 ALREADY_DECIDED problem adds: who decided the approval first, how and when. The
 * server writes it and the approval card reads it, so both keep to this one shape.
 */
export const alreadyDecidedSchema = z.object({
  decision: z.enum(["approved", "rejected"]),
  decidedBy: z.object({ id: z.string(), name: z.string() }),
  decidedAt: z.string(),
});

export type AlreadyDecided = z.infer<typeof alreadyDecidedSchema>;
