import { brand } from '@board/shared/lib/brand';
import { Link } from '@board/shared/lib/router';
import { useRenderTime } from '@board/shared/react/render-time';
import { useRuntimeConfig } from '@board/shared/react/runtime-config';

const linkClass =
  'rounded-sm text-muted underline-offset-4 hover:text-ink hover:underline focus-visible:outline-2 focus-visible:outline-brand-600';

export function Footer() {
  const { links } = useRuntimeConfig();
  // The year of the page's render time in UTC: the same on the server and in every time zone.
  const year = new Date(useRenderTime()).getUTCFullYear();

  return (
    <footer className="border-t border-line bg-surface">
      <div className="mx-auto grid max-w-6xl gap-8 px-4 py-10 sm:px-6 md:grid-cols-[2fr_1fr_1fr]">
        <div>
          <p className="font-semibold text-ink">{brand.product}</p>
          <p className="mt-2 max-w-sm text-sm text-muted">{brand.tagline}</p>
          <ul className="mt-4 flex gap-4 text-sm" aria-label="Social media">
            <li>
              <a href={links.x} className={linkClass} rel="noopener noreferrer" target="_blank">
                X<span className="sr-only"> (opens in a new tab)</span>
              </a>
            </li>
            <li>
              <a href={links.linkedin} className={linkClass} rel="noopener noreferrer" target="_blank">
                LinkedIn<span className="sr-only"> (opens in a new tab)</span>
              </a>
            </li>
          </ul>
        </div>
        <nav aria-label="Footer">
          <ul className="space-y-2 text-sm">
            <li>
              <a href={links.about} className={linkClass}>
                About
              </a>
            </li>
            <li>
              <a href={`mailto:${links.contactEmail}`} className={linkClass}>
                Contact
              </a>
            </li>
            <li>
              <Link to="/terms-of-service" className={linkClass}>
                Terms of Service
              </Link>
            </li>
          </ul>
        </nav>
        <address className="text-sm text-muted not-italic">
          {brand.company}
          {brand.address.map((line) => (
            <span key={line} className="block">
              {line}
            </span>
          ))}
        </address>
      </div>
      <p className="border-t border-line px-4 py-4 text-center text-xs text-muted">
        © {year} {brand.company}, {brand.companyDescription}. All rights reserved.
        {/* The data set the board reads jobs' places with asks for this credit (CC BY 4.0). */}
        <span className="mt-1 block">
          Place names from{' '}
          <a href="https://www.geonames.org/" className={linkClass}>
            GeoNames
          </a>
          ,{' '}
          <a href="https://creativecommons.org/licenses/by/4.0/" className={linkClass}>
            CC BY 4.0
          </a>
          .
        </span>
      </p>
    </footer>
  );
}
