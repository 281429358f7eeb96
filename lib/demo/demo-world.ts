// The canonical demo world of docs/scenarios.md (customers, orders, lines, charges) as plain
// data: the seed writes it to the database and the domain tests read it, so both agree.
// Dates are relative to `now` so the stories (windows of 15 and 30 days) behave the same
// whenever the seed runs.

const DAY_MS = 24 * 60 * 60 * 1000;

export type DemoLine = {
  sku: string;
  name: string;
  category: string;
  quantity: number;
  unitPriceCents: number;
  finalSale?: boolean;
  opened?: boolean;
};

export type DemoOrder = {
  number: string;
  customerEmail: string;
  deliveredDaysAgo: number;
  shippingCents: number;
  paymentMethodLabel: string;
  lines: DemoLine[];
};

export type DemoCharge = {
  reference: string;
  customerEmail: string;
  orderNumber: string;
  amountCents: number;
  description: string;
};

export const DEMO_CUSTOMERS = [
  { email: "maya@example.com", name: "Maya Chen" },
  { email: "tom@example.com", name: "Tom Alvarez" },
  { email: "priya@example.com", name: "Priya Natarajan" },
  { email: "sam@example.com", name: "Sam Rivera" },
  { email: "ana@example.com", name: "Ana Lopez" },
] as const;

export const DEMO_ORDERS: DemoOrder[] = [
  {
    number: "A1043",
    customerEmail: "maya@example.com",
    deliveredDaysAgo: 6,
    shippingCents: 0,
    paymentMethodLabel: "Visa •4242",
    lines: [
      {
        sku: "KIT-POUR-01",
        name: "Glass pour-over coffee maker",
        category: "kitchen",
        quantity: 1,
        unitPriceCents: 4800,
      },
      {
        sku: "KIT-MUG-02",
        name: "Stoneware mug",
        category: "kitchen",
        quantity: 2,
        unitPriceCents: 1200,
      },
    ],
  },
  {
    number: "A1021",
    customerEmail: "tom@example.com",
    deliveredDaysAgo: 45,
    shippingCents: 500,
    paymentMethodLabel: "Mastercard •5100",
    lines: [
      {
        sku: "HOM-THROW-01",
        name: "Wool throw blanket",
        category: "home",
        quantity: 1,
        unitPriceCents: 6400,
      },
    ],
  },
  {
    number: "A1066",
    customerEmail: "priya@example.com",
    deliveredDaysAgo: 10,
    shippingCents: 995,
    paymentMethodLabel: "Visa •1881",
    lines: [
      {
        sku: "KIT-SKIL-01",
        name: "Cast-iron skillet",
        category: "kitchen",
        quantity: 1,
        unitPriceCents: 3500,
      },
      {
        sku: "GFT-CARD-50",
        name: "Gift card",
        category: "gift_card",
        quantity: 1,
        unitPriceCents: 5000,
        finalSale: true,
      },
    ],
  },
  {
    number: "B2001",
    customerEmail: "sam@example.com",
    deliveredDaysAgo: 5,
    shippingCents: 600,
    paymentMethodLabel: "Amex •0005",
    lines: [
      {
        sku: "APP-RAIN-01",
        name: "Rain jacket",
        category: "apparel",
        quantity: 1,
        unitPriceCents: 8900,
      },
      {
        sku: "APP-SOCK-01",
        name: "Wool socks",
        category: "apparel",
        quantity: 1,
        unitPriceCents: 1400,
      },
    ],
  },
  {
    number: "B2002",
    customerEmail: "sam@example.com",
    deliveredDaysAgo: 8,
    shippingCents: 0,
    paymentMethodLabel: "Amex •0005",
    lines: [
      {
        sku: "ELE-BUDS-01",
        name: "Wireless earbuds",
        category: "electronics",
        quantity: 1,
        unitPriceCents: 12900,
        opened: true,
      },
    ],
  },
  {
    number: "C3001",
    customerEmail: "ana@example.com",
    deliveredDaysAgo: 12,
    shippingCents: 0,
    paymentMethodLabel: "Visa •7777",
    lines: [
      {
        sku: "HOM-LAMP-01",
        name: "Desk lamp",
        category: "home",
        quantity: 1,
        unitPriceCents: 5999,
      },
    ],
  },
];

export const DEMO_CHARGES: DemoCharge[] = [
  {
    reference: "CH-88301",
    customerEmail: "ana@example.com",
    orderNumber: "C3001",
    amountCents: 5999,
    description: "Order C3001",
  },
  {
    reference: "CH-88302",
    customerEmail: "ana@example.com",
    orderNumber: "C3001",
    amountCents: 5999,
    description: "Order C3001",
  },
  {
    reference: "CH-88310",
    customerEmail: "ana@example.com",
    orderNumber: "C3001",
    amountCents: 1250,
    description: "Order C3001 adjustment",
  },
];

export function daysAgo(now: Date, days: number): Date {
  return new Date(now.getTime() - days * DAY_MS);
}

/** The stored columns of a demo order, its dates moved to `now`. */
export function demoOrderRow(order: DemoOrder, now: Date) {
  return {
    number: order.number,
    shippingCents: order.shippingCents,
    paymentMethodLabel: order.paymentMethodLabel,
    placedAt: daysAgo(now, order.deliveredDaysAgo + 4),
    deliveredAt: daysAgo(now, order.deliveredDaysAgo),
  };
}

export function demoLineRow(line: DemoLine) {
  return {
    sku: line.sku,
    name: line.name,
    category: line.category,
    quantity: line.quantity,
    unitPriceCents: line.unitPriceCents,
    finalSale: line.finalSale ?? false,
    opened: line.opened ?? false,
  };
}

export function demoChargeRow(charge: DemoCharge, now: Date) {
  return {
    reference: charge.reference,
    amountCents: charge.amountCents,
    description: charge.description,
    chargedAt: daysAgo(now, 16),
  };
}
