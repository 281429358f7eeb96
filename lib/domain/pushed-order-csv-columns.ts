/** The orders CSV's columns, in the order the example file and the docs list them. Kept apart so a page can show them without loading the validation code. */
export const CSV_COLUMNS = [
  "order_number",
  "customer_email",
  "customer_name",
  "currency",
  "placed_at",
  "delivered_at",
  "shipping",
  "payment_method",
  "payment_reference",
  "line_id",
  "sku",
  "name",
  "category",
  "quantity",
  "unit_price",
  "final_sale",
  "opened",
] as const;

export type CsvColumn = (typeof CSV_COLUMNS)[number];
