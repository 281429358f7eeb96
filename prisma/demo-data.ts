// Staff accounts of the demo. The customers, orders and charges live in lib/demo/demo-world.ts.

export type DemoStaff = {
  email: string;
  name: string;
  role: "agent" | "approver" | "admin";
  password: string;
};

// Demo credentials are public on purpose (README); change them after first sign-in in a real deployment.
export const DEMO_STAFF: DemoStaff[] = [
  {
    email: "agent@countersign.test",
    name: "Avery Agent",
    role: "agent",
    password: "agent-demo-pass",
  },
  {
    email: "approver@countersign.test",
    name: "Pat Approver",
    role: "approver",
    password: "approver-demo-pass",
  },
  {
    email: "admin@countersign.test",
    name: "Ada Admin",
    role: "admin",
    password: "admin-demo-pass",
  },
];

// The shop that /demo plays: its widget key is public; its identity secret is generated at seed.
export const DEMO_WORKSPACE = { key: "demo-shop", name: "Demo Shop" } as const;

// Shared saved replies a newcomer finds in the composer (type / in an empty reply box).
export const DEMO_SAVED_REPLIES: { title: string; body: string }[] = [
  {
    title: "Ask for a photo of the damage",
    body: "Hi {{customer.first_name}}, I'm sorry it arrived like that. Could you send a photo of the damage? It helps us sort out order {{order.number}} quickly.",
  },
  {
    title: "Refund waiting for approval",
    body: "Hi {{customer.first_name}}, your refund of {{quote.amount}} is with a colleague for approval. We will write to you as soon as it is decided.",
  },
  {
    title: "Looking into it",
    body: "Hi {{customer.first_name}}, thanks for your patience. I'm looking into this now and will get back to you shortly.",
  },
];
