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
