import { barSteps } from "@/lib/domain/bar-length";

// A class per bar length, written out so Tailwind emits each: the CSP refuses style attributes.
const BAR_WIDTH_CLASSES = [
  "w-0",
  "w-[5%]",
  "w-[10%]",
  "w-[15%]",
  "w-[20%]",
  "w-[25%]",
  "w-[30%]",
  "w-[35%]",
  "w-[40%]",
  "w-[45%]",
  "w-[50%]",
  "w-[55%]",
  "w-[60%]",
  "w-[65%]",
  "w-[70%]",
  "w-[75%]",
  "w-[80%]",
  "w-[85%]",
  "w-[90%]",
  "w-[95%]",
  "w-full",
] as const;

/** The width class of a bar for `size` on a scale whose longest bar is `scale`. */
export function barWidthClass(size: number, scale: number): string {
  return BAR_WIDTH_CLASSES[barSteps(size, scale)] ?? "w-0";
}
