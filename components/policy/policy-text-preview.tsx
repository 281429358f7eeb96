import type { PolicySection } from "@/lib/domain/policy-text";

/** The policy as customers read it, section by section. */
export function PolicyTextPreview({ sections }: { sections: PolicySection[] }) {
  return (
    <div className="max-w-prose space-y-4">
      {sections.map((section) => (
        <section key={section.id} aria-labelledby={`policy-text-${section.id}`}>
          <h3 id={`policy-text-${section.id}`} className="text-sm font-semibold text-slate-900">
            {section.id} {section.title}
          </h3>
          <p className="mt-1 whitespace-pre-line text-sm text-slate-700">{section.body}</p>
        </section>
      ))}
    </div>
  );
}
