import { Link } from '@board/shared/lib/router';
import { buttonVariants } from '@board/shared/ui/button';
import { PageTitle } from '@board/shared/ui/page-title';
import { StatusPanel } from '@board/shared/ui/status-panel';
import type { ReactNode } from 'react';

/** A page whose subject does not exist ('Job Not Found', 'Company Not Found', ...): title, text, one way out. */
export function MissingPanel({
  title,
  message,
  actionLabel,
  actionTo,
  icon,
}: {
  title: string;
  message: string;
  actionLabel: string;
  actionTo: string;
  icon?: ReactNode;
}) {
  return (
    <>
      <PageTitle>{title}</PageTitle>
      <StatusPanel
        title={title}
        message={message}
        icon={icon}
        actions={
          <Link to={actionTo} className={buttonVariants()}>
            {actionLabel}
          </Link>
        }
      />
    </>
  );
}
