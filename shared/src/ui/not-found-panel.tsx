import { buttonVariants } from '@board/shared/ui/button';
import { PageTitle } from '@board/shared/ui/page-title';
import { StatusPanel } from '@board/shared/ui/status-panel';
import { Link } from 'react-router-dom';

/** 'Page Not Found' (SPEC section 2). Used by the 404 route and by remotes for unknown slugs. */
export function NotFoundPanel() {
  return (
    <>
      <PageTitle>Page Not Found</PageTitle>
      <StatusPanel
        title="Page Not Found"
        message="The page you are looking for doesn't exist or has been moved."
        icon={<span className="text-lg font-bold">404</span>}
        actions={
          <Link to="/" className={buttonVariants()}>
            Go Home
          </Link>
        }
      />
    </>
  );
}
