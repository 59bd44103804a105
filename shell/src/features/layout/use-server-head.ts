import { useLocation } from '@board/shared/lib/router';
import { useEffect, useRef } from 'react';

/**
 * The shell's server writes the first page's head (description, canonical, preview tags, feeds,
 * JSON-LD: tags marked `data-server-head`). They describe that first page only: on the first
 * navigation in the browser they go, and each page's own tags (React's) remain.
 */
export function useServerHeadUntilNavigation() {
  const { pathname } = useLocation();
  const first = useRef(pathname);
  useEffect(() => {
    if (pathname === first.current) return;
    for (const element of document.head.querySelectorAll('[data-server-head]')) element.remove();
  }, [pathname]);
}
