"use client";

import { useRef } from "react";
import { Button } from "@/components/ui/button";
import { CheckboxField } from "@/components/ui/checkbox-field";
import { TextField } from "@/components/ui/controls";
import type {
  CategoryValues,
  PolicyFormErrors,
  PolicyFormValues,
} from "@/lib/client/policy-form-values";
import { capitalise } from "@/lib/domain/policy-terms-text";

/** The categories as rows a lead adds and removes; each row's fields stack on a narrow screen. */
export function PolicyCategoriesFields({
  values,
  errors,
  onChange,
}: {
  values: PolicyFormValues;
  errors: PolicyFormErrors;
  onChange: (values: PolicyFormValues) => void;
}) {
  const added = useRef(0);
  const setRow = (index: number, change: Partial<CategoryValues>) =>
    onChange({
      ...values,
      categories: values.categories.map((row, at) => (at === index ? { ...row, ...change } : row)),
    });
  return (
    <fieldset className="min-w-0 space-y-4">
      <legend className="text-sm font-semibold text-slate-900">Categories</legend>
      <p className="max-w-prose text-sm text-slate-600">
        Terms for a product category as the store names it. Leave a window or fee empty to keep the
        default; a final-sale category is never refunded.
      </p>
      {values.categories.map((row, index) => {
        const at = (field: string) => errors[`categories.${index}.${field}`];
        const title = capitalise(row.label.trim() || row.name.trim() || `category ${index + 1}`);
        return (
          <fieldset
            key={row.rowId}
            className="grid min-w-0 gap-3 rounded-md border border-slate-200 p-3 sm:grid-cols-2 lg:grid-cols-3"
          >
            <legend className="px-1 text-sm font-medium text-slate-900">{title}</legend>
            <TextField
              label="Name"
              hint="As the store names it, e.g. electronics"
              error={at("name")}
              name={`categories.${index}.name`}
              value={row.name}
              onChange={(event) => setRow(index, { name: event.target.value })}
            />
            <TextField
              label="Label"
              hint="As customers read it, plural"
              error={at("label")}
              name={`categories.${index}.label`}
              value={row.label}
              onChange={(event) => setRow(index, { label: event.target.value })}
            />
            <TextField
              label={`${title} window`}
              error={at("windowDays")}
              name={`categories.${index}.windowDays`}
              inputMode="numeric"
              suffix="days"
              className="w-24"
              value={row.windowDays}
              onChange={(event) => setRow(index, { windowDays: event.target.value })}
            />
            <TextField
              label={`Opened ${title.toLowerCase()} fee`}
              error={at("openedFeeRateBasisPoints")}
              name={`categories.${index}.openedFeePercent`}
              inputMode="decimal"
              suffix="%"
              className="w-24"
              value={row.openedFeePercent}
              onChange={(event) => setRow(index, { openedFeePercent: event.target.value })}
            />
            <CheckboxField
              label="Final sale"
              name={`categories.${index}.finalSale`}
              checked={row.finalSale}
              aria-invalid={at("finalSale") ? true : undefined}
              hint={
                at("finalSale") ? (
                  <span className="font-medium text-red-800">{at("finalSale")}</span>
                ) : undefined
              }
              onChange={(event) => setRow(index, { finalSale: event.target.checked })}
            />
            <div className="flex items-end">
              <Button
                variant="secondary"
                aria-label={`Remove ${title}`}
                onClick={() =>
                  onChange({
                    ...values,
                    categories: values.categories.filter((_, at) => at !== index),
                  })
                }
              >
                Remove
              </Button>
            </div>
          </fieldset>
        );
      })}
      <Button
        variant="secondary"
        onClick={() => {
          added.current += 1;
          onChange({
            ...values,
            categories: [
              ...values.categories,
              {
                rowId: `new-${added.current}`,
                name: "",
                label: "",
                windowDays: "",
                openedFeePercent: "",
                finalSale: false,
              },
            ],
          });
        }}
      >
        Add a category
      </Button>
    </fieldset>
  );
}
