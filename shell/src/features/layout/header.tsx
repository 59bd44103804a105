import { cn } from '@board/shared/lib/cn';
import { useRuntimeConfig } from '@board/shared/react/runtime-config';
import { buttonVariants } from '@board/shared/ui/button';
import { Logo } from './logo';
import { MobileMenu } from './mobile-menu';
import { SavedLink } from './saved-link';
import { useScrolled } from './use-scrolled';

/** Fixed top header: logo, Saved jobs with their count, Sign In and Get Started (link out), a menu on small screens. */
export function Header() {
  const { links } = useRuntimeConfig();
  const scrolled = useScrolled(10);

  return (
    <header
      data-scrolled={scrolled}
      className={cn(
        'fixed inset-x-0 top-0 z-40 border-b transition-[background-color,border-color,backdrop-filter] duration-200',
        scrolled ? 'border-line bg-white/70 backdrop-blur-md' : 'border-transparent bg-white',
      )}
    >
      <div className="mx-auto flex h-16 max-w-6xl items-center justify-between px-4 sm:px-6">
        <Logo />
        <div className="flex items-center gap-2">
          <SavedLink />
          <nav aria-label="Account" className="hidden items-center gap-2 md:flex">
            <a href={links.signIn} className={buttonVariants({ variant: 'ghost' })}>
              Sign In
            </a>
            <a href={links.getStarted} className={buttonVariants()}>
              Get Started
            </a>
          </nav>
          <MobileMenu signInUrl={links.signIn} getStartedUrl={links.getStarted} />
        </div>
      </div>
    </header>
  );
}
