import type { Actor } from "@/lib/domain/actor";
import type { ActorKind } from "@/lib/generated/prisma/client";

/*
 * An audit row stores who acted as (actor_kind, actor_id), and the hash covers exactly that
 * pair. Staff roles are not a column: events where roles matter carry them in their payload.
 */

export type StoredActor = { kind: ActorKind; id: string | null };

export function toStoredActor(actor: Actor): StoredActor {
  switch (actor.type) {
    case "customer":
      return { kind: "customer", id: actor.customerId };
    case "staff":
      return { kind: "staff", id: actor.userId };
    case "agent":
      return { kind: "agent", id: null };
    case "system":
      return { kind: "system", id: null };
  }
}
