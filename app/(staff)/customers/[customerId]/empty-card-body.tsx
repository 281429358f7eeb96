import { CardBody } from "@/components/ui/card";

/** What a profile card says when it has nothing to list. */
export function EmptyCardBody({ children }: { children: string }) {
  return (
    <CardBody>
      <p className="text-sm text-slate-700">{children}</p>
    </CardBody>
  );
}
