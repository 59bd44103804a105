import type { BoardChange, BoardUrl } from '@board/shared/api/board-search';
import { countryCodeOf, countryList, countryName } from '@board/shared/places/countries';
import { Checkbox } from '@board/shared/ui/checkbox';
import { Input } from '@board/shared/ui/input';
import { Globe } from 'lucide-react';
import { memo, useId } from 'react';
import { useFollowValue } from '../../lib/forms/get-form';

/**
 * "I can work from": a country picked from the list as it is typed (the browser's own list, which
 * a keyboard and a screen reader use as a combobox). Its field sends the country's name, which the
 * board's URL reads as the country (board-search.ts), so the form works before scripts; once they
 * run, the country filters as soon as a name is whole, and clearing the field drops it.
 */
export function WorkFromField({ url, onChange }: { url: BoardUrl; onChange: (change: BoardChange) => void }) {
  const id = useId();
  const shown = url.search.from ? countryName(url.search.from) : '';
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
        onChange={(event) => {
          const text = event.target.value;
          const code = countryCodeOf(text);
          if (code) onChange({ from: code });
          else if (text.trim() === '') onChange({ from: '' });
        }}
        placeholder="Any country"
        aria-describedby={`${id}-from-hint`}
        autoComplete="off"
        className="mt-1"
      />
      <p id={`${id}-from-hint`} className="mt-1 text-xs text-muted">
        Jobs you can do from there; remote jobs that do not say where come last.
      </p>
      <CountryOptions id={`${id}-countries`} />
    </div>
  );
}

/** The picker's 250 countries, rendered once: typing in the other filters does not render them again. */
const CountryOptions = memo(function CountryOptions({ id }: { id: string }) {
  return (
    <datalist id={id}>
      {countryList().map((country) => (
        <option key={country.code} value={country.name} />
      ))}
    </datalist>
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
