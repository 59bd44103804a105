import { MissingPanel } from '@board/shared/ui/missing-panel';

/** 'Page Not Found' (SPEC section 2). Used by the 404 route and by remotes for unknown slugs. */
export function NotFoundPanel() {
  return (
    <MissingPanel
      title="Page Not Found"
      message="The page you are looking for doesn't exist or has been moved."
      actionLabel="Go Home"
      actionTo="/"
      icon={<span className="text-lg font-bold">404</span>}
    />
  );
}
