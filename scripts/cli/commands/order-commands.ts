import type { Command } from "commander";
import { appContext } from "@/lib/server/process/app-context";
import { linkOrderPayment } from "@/lib/server/services/customers/link-order-payment";
import { authenticateStaff } from "../authenticate-staff";
import { printResult } from "../cli-output";
import type { Act } from "./list-commands";

export function registerOrderCommands(program: Command, act: Act): void {
  program
    .command("orders")
    .description("orders and their payments")
    .command("link-payment")
    .description("tie an order to its Stripe payment (pi_… or ch_…); refunds are made against it")
    .argument("<orderNumber>", "the order number, e.g. A1043")
    .requiredOption("--customer <email>", "the customer whose order it is")
    .requiredOption("--payment <reference>", "the Stripe PaymentIntent or charge id")
    .requiredOption("--as <email>", "your staff account (admin)")
    .option("--json", "print JSON")
    .action(
      act(
        async (
          orderNumber: string,
          options: { customer: string; payment: string; as?: string; json?: boolean },
        ) => {
          const staff = await authenticateStaff(options.as, "settings.write");
          const linked = await linkOrderPayment(
            {
              customerEmail: options.customer,
              orderNumber,
              paymentReference: options.payment,
              staffId: staff.id,
            },
            appContext(),
          );
          const previous = linked.previous ? ` (was ${linked.previous})` : "";
          printResult(
            options.json
              ? { orderNumber, ...linked }
              : `${orderNumber}: linked to ${linked.paymentReference}${previous}`,
            options,
          );
        },
      ),
    );
}
