import { fixedPages } from '@board/shared/api/page-heads';
import { PageTitle } from '@board/shared/ui/page-title';
import { type LegalPart, legalFacts, legalParts } from './legal-content';

/** /terms-of-service: Part A Terms of Service, Part B Privacy Policy, with a table of contents. */
export function TermsPage() {
  return (
    <article className="mx-auto max-w-3xl px-4 py-10 sm:px-6">
      <PageTitle>{fixedPages.terms.title}</PageTitle>
      <h1 className="text-3xl font-bold tracking-tight text-ink">Terms of Service and Privacy Policy</h1>
      <p className="mt-2 text-muted">
        Effective date: <time>{legalFacts.effectiveDate}</time>
      </p>
      <nav aria-labelledby="toc-title" className="mt-8 rounded-xl border border-line bg-surface p-5">
        <h2 id="toc-title" className="font-semibold text-ink">
          Contents
        </h2>
        <ol className="mt-3 space-y-3 text-sm">
          {legalParts.map((part) => (
            <li key={part.id}>
              <a href={`#${part.id}`} className="font-medium text-brand-700 underline-offset-4 hover:underline">
                {part.label}: {part.title}
              </a>
              <ol className="mt-1 ml-4 space-y-1">
                {part.sections.map((section, index) => (
                  <li key={section.id}>
                    <a href={`#${section.id}`} className="text-muted underline-offset-4 hover:text-ink hover:underline">
                      {index + 1}. {section.title}
                    </a>
                  </li>
                ))}
              </ol>
            </li>
          ))}
        </ol>
      </nav>
      {legalParts.map((part) => (
        <Part key={part.id} part={part} />
      ))}
    </article>
  );
}

function Part({ part }: { part: LegalPart }) {
  return (
    <section aria-labelledby={part.id} className="mt-12">
      <h2 id={part.id} className="scroll-mt-24 border-b border-line pb-2 text-2xl font-bold text-ink">
        {part.label}: {part.title}
      </h2>
      {part.sections.map((section, index) => (
        <section key={section.id} aria-labelledby={section.id} className="mt-6">
          <h3 id={section.id} className="scroll-mt-24 text-lg font-semibold text-ink">
            {index + 1}. {section.title}
          </h3>
          {section.paragraphs.map((paragraph) => (
            <p key={paragraph} className="mt-2 leading-7 text-ink/90">
              {paragraph}
            </p>
          ))}
          {section.list ? (
            <ul className="mt-2 list-disc space-y-1 pl-6 leading-7 text-ink/90">
              {section.list.map((item) => (
                <li key={item}>{item}</li>
              ))}
            </ul>
          ) : null}
        </section>
      ))}
    </section>
  );
}
