import type { PolicySection } from "@/lib/domain/policy-text";

/** The policy as customers read it, section by section. */
export function PolicyTextPreview({
  sections,
  idPrefix,
}: {
  sections: PolicySection[];
  /** Keeps the headings' ids apart where two versions' texts are on one page. */
  idPrefix: string;
}) {
  return (
    <div className="max-w-prose space-y-4">
      {sections.map((section) => (
        <section key={section.id} aria-labelledby={`${idPrefix}-${section.id}`}>
          <h3 id={`${idPrefix}-${section.id}`} className="text-sm font-semibold text-slate-900">
            {section.id} {section.title}
          </h3>
          <p className="mt-1 whitespace-pre-line text-sm text-slate-700">{section.body}</p>
        </section>
      ))}
    </div>
  );
}
