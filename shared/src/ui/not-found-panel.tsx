import { missingPages } from '@board/shared/api/page-heads';
import { MissingPanel } from '@board/shared/ui/missing-panel';

/** 'Page Not Found' (SPEC section 2). Used by the 404 route and by remotes for unknown slugs. */
export function NotFoundPanel() {
  return (
    <MissingPanel
      {...missingPages.page}
      actionLabel="Go Home"
      actionTo="/"
      icon={<span className="text-lg font-bold">404</span>}
    />
  );
}
