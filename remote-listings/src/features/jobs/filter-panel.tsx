import { type BoardChange, type BoardUrl, salaryInput } from '@board/shared/api/board-search';
import { Button } from '@board/shared/ui/button';
import { Input } from '@board/shared/ui/input';
import { NativeSelect } from '@board/shared/ui/native-select';
import { Search, X } from 'lucide-react';
import { type ReactNode, useId, useRef } from 'react';
import { useAdoptChangedFields, useFollowValue } from '../../lib/forms/get-form';
import { useCloseSheet } from './filter-sheet';

/**
 * 'Filter Jobs' (SPEC section 2). The salary inputs show the lowest and highest salary among the
 * jobs until the visitor sets a bound; 'Clear Filters' appears only while a filter is active.
 *
 * A GET form whose fields are named as the board's URL parameters, so 'Apply filters' renders the
 * filtered board on the server before any script runs (and without JavaScript). Once hydrated,
 * every change filters at once, as the fields tell `onChange`; the fields are uncontrolled, so
 * what was typed or picked before hydration stays, and takes effect then (`onAdopt`).
 */
export function FilterPanel({
  url,
  investors,
  bounds,
  active,
  onChange,
  onClear,
  carried,
  onAdopt,
  children,
}: {
  url: BoardUrl;
  investors: string[];
  bounds: { min: number; max: number } | null;
  active: boolean;
  onChange: (change: BoardChange) => void;
  onClear: () => void;
  /** Parameters the form keeps as they are (sort, view), as hidden fields. */
  carried: Record<string, string>;
  /** The URL parameters the visitor changed before hydration, by name. */
  onAdopt: (values: Record<string, string>) => void;
  /** The filters after the SPEC's four. */
  children?: ReactNode;
}) {
  const id = useId();
  const form = useRef<HTMLFormElement>(null);
  const closeSheet = useCloseSheet();
  const { search } = url;
  const chosenInvestor = search.investor || 'all';
  const title = useFollowValue<HTMLInputElement>(url.typed.title);
  const investor = useFollowValue<HTMLSelectElement>(chosenInvestor);
  useAdoptChangedFields(form, onAdopt);
  return (
    <section aria-labelledby={`${id}-title`} className="rounded-xl border border-line bg-surface p-4">
      <div className="flex min-h-9 items-center justify-between gap-2">
        <h2 id={`${id}-title`} className="font-semibold text-ink">
          Filter Jobs
        </h2>
        {active ? (
          // The board without its filters (sort and view kept), which scripts clear in place.
          <form
            method="get"
            onSubmit={(event) => {
              event.preventDefault();
              onClear();
            }}
          >
            <Hidden fields={carried} />
            <Button type="submit" variant="ghost" size="sm">
              <X aria-hidden="true" />
              Clear Filters
            </Button>
          </form>
        ) : null}
      </div>
      <form
        ref={form}
        method="get"
        aria-labelledby={`${id}-title`}
        onSubmit={(event) => {
          // Hydrated, the board already shows what the fields say: applying closes the sheet.
          event.preventDefault();
          closeSheet();
        }}
      >
        <div className="mt-2 grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
          <div>
            <label htmlFor={`${id}-title-input`} className="text-sm font-medium text-ink">
              Job title
            </label>
            <Input
              ref={title}
              id={`${id}-title-input`}
              name="q"
              type="search"
              icon={Search}
              defaultValue={url.typed.title}
              onChange={(event) => onChange({ title: event.target.value })}
              placeholder="Search job titles..."
              autoComplete="off"
              className="mt-1"
            />
          </div>
          <div>
            <label htmlFor={`${id}-investor`} className="text-sm font-medium text-ink">
              Investor
            </label>
            <NativeSelect
              // Uncontrolled: a new list of names (the board's loaded) is a new select, showing the URL's choice.
              key={investors.join('\n')}
              ref={investor}
              id={`${id}-investor`}
              name="investor"
              defaultValue={chosenInvestor}
              onChange={(event) => onChange({ investor: event.target.value })}
              className="mt-1"
            >
              <option value="all">{chosenInvestor === 'all' ? 'Select investor' : 'All investors'}</option>
              {investors.map((name) => (
                <option key={name} value={name}>
                  {name}
                </option>
              ))}
            </NativeSelect>
          </div>
          <SalaryInput
            id={`${id}-min`}
            name="min"
            label="Min salary (k USD)"
            value={search.salaryMinK ?? bounds?.min}
            bounds={bounds}
            onChange={(salaryMinK) => onChange({ salaryMinK })}
          />
          <SalaryInput
            id={`${id}-max`}
            name="max"
            label="Max salary (k USD)"
            value={search.salaryMaxK ?? bounds?.max}
            bounds={bounds}
            onChange={(salaryMaxK) => onChange({ salaryMaxK })}
          />
        </div>
        {children}
        {Object.entries(carried).map(([name, value]) => (
          <input key={name} type="hidden" name={name} value={value} />
        ))}
        <div className="sticky bottom-0 -mx-4 -mb-4 mt-3 flex justify-end border-t border-line bg-surface p-3 pb-[max(0.75rem,env(safe-area-inset-bottom))] md:static md:mx-0 md:mb-0 md:border-0 md:p-0">
          <Button type="submit" className="w-full md:w-auto">
            Apply filters
          </Button>
        </div>
      </form>
    </section>
  );
}

function SalaryInput({
  id,
  name,
  label,
  value,
  bounds,
  onChange,
}: {
  id: string;
  name: string;
  label: string;
  value: number | undefined;
  bounds: { min: number; max: number } | null;
  onChange: (value: number | undefined) => void;
}) {
  const field = useFollowValue<HTMLInputElement>(value === undefined ? '' : String(value));
  return (
    <div>
      <label htmlFor={id} className="text-sm font-medium text-ink">
        {label}
      </label>
      <Input
        ref={field}
        id={id}
        name={name}
        type="number"
        inputMode="numeric"
        min={bounds?.min}
        max={bounds?.max}
        defaultValue={value ?? ''}
        onChange={(event) => onChange(salaryInput(event.target.value))}
        className="mt-1"
      />
    </div>
  );
}

/** Parameters a form keeps as they are. */
function Hidden({ fields }: { fields: Record<string, string> }) {
  return Object.entries(fields).map(([name, value]) => <input key={name} type="hidden" name={name} value={value} />);
}
