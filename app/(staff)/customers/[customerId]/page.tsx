import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { cache } from "react";
import { isAppError } from "@/lib/errors/app-error";
import { requireStaffPage } from "@/lib/server/auth/session";
import { appContext } from "@/lib/server/process/app-context";
import {
  type CustomerProfile,
  getCustomerProfile,
} from "@/lib/server/services/customers/get-customer-profile";
import { CustomerConversations } from "./customer-conversations";
import { CustomerDisputes } from "./customer-disputes";
import { CustomerOrderCard } from "./customer-order-card";
import { CustomerRefunds } from "./customer-refunds";
import { utcDay } from "./utc-day";

export const dynamic = "force-dynamic";

type Params = Promise<{ customerId: string }>;

// A customer of a workspace the viewer is not a member of is not found.
const loadProfile = cache(
  async (customerId: string, staffUserId: string): Promise<CustomerProfile> => {
    try {
      return await getCustomerProfile({ customerId, staffUserId }, appContext());
    } catch (error) {
      if (isAppError(error) && error.code === "NOT_FOUND") notFound();
      throw error;
    }
  },
);

export async function generateMetadata({ params }: { params: Params }): Promise<Metadata> {
  const session = await requireStaffPage("tickets.read");
  const { customer } = await loadProfile((await params).customerId, session.user.id);
  return { title: `${customer.name} · Customer` };
}

export default async function CustomerPage({ params }: { params: Params }) {
  const session = await requireStaffPage("tickets.read");
  const { customer, conversations, orders, refunds, disputes, charges } = await loadProfile(
    (await params).customerId,
    session.user.id,
  );
  return (
    <div className="space-y-6">
      <header className="space-y-1">
        <p className="text-sm text-slate-600">Customer</p>
        <h1 className="break-words text-2xl font-semibold tracking-tight">{customer.name}</h1>
        <p className="break-all text-sm text-slate-700">
          {customer.email} · customer since {utcDay(customer.since)}
        </p>
      </header>

      <CustomerConversations conversations={conversations} />

      <section aria-labelledby="orders-heading" className="space-y-3">
        <h2 id="orders-heading" className="text-lg font-semibold">
          Orders
        </h2>
        {orders.length === 0 ? <p className="text-sm text-slate-700">No orders.</p> : null}
        {orders.map((order) => (
          <CustomerOrderCard key={order.id} order={order} />
        ))}
      </section>

      <CustomerRefunds refunds={refunds} />

      <CustomerDisputes disputes={disputes} charges={charges} />
    </div>
  );
}
