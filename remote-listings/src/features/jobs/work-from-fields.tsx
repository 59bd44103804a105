import type { BoardChange, BoardUrl } from '@board/shared/api/board-search';
import type { Country } from '@board/shared/places/countries';
import { Checkbox } from '@board/shared/ui/checkbox';
import { Input } from '@board/shared/ui/input';
import { Globe } from 'lucide-react';
import { memo, useId } from 'react';
import { useFollowValue } from '../../lib/forms/get-form';
import { type Countries, loadedCountries, useCountries } from '../../lib/places/use-countries';

/**
 * "I can work from": a country picked from the list as it is typed (the browser's own list, which
 * a keyboard and a screen reader use as a combobox). Its field sends the country's name, which the
 * board's URL reads as the country (board-search.ts), so the form works before scripts; once they
 * run, the country filters as soon as a name is whole, and clearing the field drops it.
 *
 * The names load with the picker's first use (lib/places/use-countries.ts): the server renders
 * them, and a page keeps that markup until it needs them (a country chosen, the field focused or
 * typed in).
 */
export function WorkFromField({ url, onChange }: { url: BoardUrl; onChange: (change: BoardChange) => void }) {
  const id = useId();
  const from = url.search.from;
  const onServer = typeof document === 'undefined';
  const { countries, load } = useCountries(from !== '' || onServer);
  // Unknown until the names load: the field keeps what the server rendered (or what was typed).
  const shown = from ? countries?.countryName(from) : '';
  const field = useFollowValue<HTMLInputElement>(shown);
  return (
    <div>
      <label htmlFor={`${id}-from`} className="text-sm font-medium text-ink">
        I can work from
      </label>
      <Input
        ref={field}
        id={`${id}-from`}
        name="from"
        icon={Globe}
        list={`${id}-countries`}
        defaultValue={shown}
        onFocus={() => void load()}
        onChange={(event) => {
          const text = event.target.value;
          if (text.trim() === '') return onChange({ from: '' });
          const pick = (tables: Countries) => {
            const code = tables.countryCodeOf(field.current?.value ?? text);
            if (code) onChange({ from: code });
          };
          // Before the names load, the text when they are there: typing on may have changed it.
          const loaded = loadedCountries();
          if (loaded) pick(loaded);
          else void load().then(pick);
        }}
        placeholder="Any country"
        aria-describedby={`${id}-from-hint`}
        autoComplete="off"
        className="mt-1"
      />
      <p id={`${id}-from-hint`} className="mt-1 text-xs text-muted">
        Jobs you can do from there; remote jobs that do not say where come last.
      </p>
      <CountryOptions id={`${id}-countries`} list={countries?.countryList() ?? null} />
    </div>
  );
}

/** A quoted attribute's value: its ampersands and quotes escaped. */
const escapeAttribute = (text: string) => text.replace(/&/g, '&amp;').replace(/"/g, '&quot;');

/**
 * The picker's 250 countries, rendered once: typing in the other filters does not render them
 * again. As markup, so that hydrating before the names load keeps the server's options (an empty
 * list in the browser is not a difference to warn of); a list rendered in the browser fills once
 * they do.
 */
const CountryOptions = memo(function CountryOptions({ id, list }: { id: string; list: readonly Country[] | null }) {
  const options = list?.map((country) => `<option value="${escapeAttribute(country.name)}"></option>`).join('') ?? '';
  return (
    // biome-ignore lint/security/noDangerouslySetInnerHtml: the board's own table of names, escaped
    <datalist id={id} dangerouslySetInnerHTML={{ __html: options }} suppressHydrationWarning />
  );
});

/** Only the jobs that say they sponsor a work visa; the form sends visa=1 while it is ticked. */
export function VisaField({ url, onChange }: { url: BoardUrl; onChange: (change: BoardChange) => void }) {
  const ref = useFollowValue<HTMLInputElement>(url.search.visa);
  return (
    <fieldset>
      <legend className="text-sm font-medium text-ink">Visa sponsorship</legend>
      <label className="mt-1 flex h-10 cursor-pointer items-center gap-2 rounded-lg border border-line bg-white px-3 text-sm text-ink has-checked:border-brand-600 has-checked:bg-brand-50 has-focus-visible:outline-2 has-focus-visible:outline-brand-600">
        <Checkbox
          ref={ref}
          name="visa"
          value="1"
          defaultChecked={url.search.visa}
          onChange={(event) => onChange({ visa: event.target.checked })}
        />
        Sponsors a visa
      </label>
    </fieldset>
  );
}
