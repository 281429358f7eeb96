import { z } from "zod";
import { roleSchema } from "./authz";

/**
 * Who causes a change. `agent` is the AI agent (any model, or the offline one): it may propose
 * but never confirm or approve. `system` is server code reacting to a clock or a payment result.
 */
export const actorSchema = z.discriminatedUnion("type", [
  z.object({ type: z.literal("customer"), customerId: z.string().min(1) }),
  z.object({
    type: z.literal("staff"),
    userId: z.string().min(1),
    roles: z.array(roleSchema),
    /**
     * Set when the staff member speaks for a customer ("Reply as the customer" in demo mode). The
     * audit trail records the staff member; a confirmation given this way still needs an
     * approval from somebody else (see pending-action.ts).
     */
    onBehalfOf: z.object({ customerId: z.string().min(1) }).optional(),
  }),
  z.object({ type: z.literal("agent") }),
  z.object({ type: z.literal("system") }),
]);
export type Actor = z.infer<typeof actorSchema>;

/** The staff member speaking for `customerId`, as the audit trail must name them. */
export function staffOnBehalfOf(
  staff: { userId: string; roles: z.infer<typeof roleSchema>[] },
  customerId: string,
): Actor {
  return { type: "staff", userId: staff.userId, roles: staff.roles, onBehalfOf: { customerId } };
}

/** The AI agent as the audit trail names it. */
export const AGENT_ACTOR: Actor = { type: "agent" };

/** Server code reacting to a clock or a payment result, as the audit trail names it. */
export const SYSTEM_ACTOR: Actor = { type: "system" };

/** The value stored as `requestedBy` when the AI agent (not a person) created an action. */
export const AGENT_REQUESTER = "agent";
