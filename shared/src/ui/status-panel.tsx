import { cn } from '@board/shared/lib/cn';
import type { ReactNode } from 'react';

/**
 * A full-width panel for a page that cannot show its content: not found, failed, empty.
 * The title is a heading so screen-reader users land on it with the heading shortcut.
 */
export function StatusPanel({
  title,
  message,
  actions,
  icon,
  role,
  className,
  headingLevel = 1,
}: {
  title: string;
  message: string;
  actions?: ReactNode;
  icon?: ReactNode;
  role?: 'alert' | 'status';
  className?: string;
  headingLevel?: 1 | 2;
}) {
  const Heading = headingLevel === 1 ? 'h1' : 'h2';
  return (
    <section
      data-slot="status-panel"
      role={role}
      className={cn('mx-auto flex max-w-xl flex-col items-center px-4 py-16 text-center', className)}
    >
      {icon ? (
        <div
          aria-hidden="true"
          className="mb-4 flex size-14 items-center justify-center rounded-full bg-brand-50 text-brand-600"
        >
          {icon}
        </div>
      ) : null}
      <Heading className="text-2xl font-semibold text-ink">{title}</Heading>
      <p className="mt-2 text-muted">{message}</p>
      {actions ? <div className="mt-6 flex flex-wrap justify-center gap-3">{actions}</div> : null}
    </section>
  );
}
