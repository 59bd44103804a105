import { cn } from '@board/shared/lib/cn';
import { Link, useLocation, useParams } from '@board/shared/lib/router';

/**
 * The Jobs / Companies switcher above a board. On a workspace board the tabs stay inside the
 * workspace. The tab matching the path is highlighted and marked aria-current="page".
 */
export function BoardTabs() {
  const { workspaceSlug } = useParams();
  const { pathname } = useLocation();
  const base = workspaceSlug ? `/${encodeURIComponent(workspaceSlug)}` : '';
  const tabs = [
    { label: 'Jobs', to: base || '/' },
    { label: 'Companies', to: `${base}/companies` },
  ];
  const current = pathname.replace(/\/+$/, '') || '/';

  return (
    <nav aria-label="Board" className="mx-auto max-w-6xl px-4 pt-6 sm:px-6">
      <ul className="inline-flex rounded-lg border border-line bg-surface p-1">
        {tabs.map((tab) => {
          const active = decodeURIComponent(current) === decodeURIComponent(tab.to);
          return (
            <li key={tab.label}>
              <Link
                to={tab.to}
                aria-current={active ? 'page' : undefined}
                className={cn(
                  'block rounded-md px-4 py-1.5 text-sm font-medium focus-visible:outline-2 focus-visible:outline-brand-600',
                  active ? 'bg-white text-brand-700 shadow-sm' : 'text-muted hover:text-ink',
                )}
              >
                {tab.label}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
