import { z } from "zod";
import { roleSchema } from "./authz";

/**
 * Who causes a change. `agent` is the AI agent (any model, or the offline one): it may propose
 * but never confirm or approve. `system` is server code reacting to a clock or a payment result.
 */
export const actorSchema = z.discriminatedUnion("type", [
  z.object({ type: z.literal("customer"), customerId: z.string().min(1) }),
  z.object({ type: z.literal("staff"), userId: z.string().min(1), roles: z.array(roleSchema) }),
  z.object({ type: z.literal("agent") }),
  z.object({ type: z.literal("system") }),
]);
export type Actor = z.infer<typeof actorSchema>;

/** The value stored as `requestedBy` when the AI agent (not a person) created an action. */
export const AGENT_REQUESTER = "agent";
