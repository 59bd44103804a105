import { type BoardChange, type BoardUrl, salaryInput } from '@board/shared/api/board-search';
import { Button } from '@board/shared/ui/button';
import { Input } from '@board/shared/ui/input';
import { NativeSelect } from '@board/shared/ui/native-select';
import { Search, X } from 'lucide-react';
import { type ReactNode, useId } from 'react';

/**
 * 'Filter Jobs' (SPEC section 2). The salary inputs show the lowest and highest salary among the
 * jobs until the visitor sets a bound; 'Clear Filters' appears only while a filter is active.
 */
export function FilterPanel({
  url,
  investors,
  bounds,
  active,
  onChange,
  onClear,
  children,
}: {
  url: BoardUrl;
  investors: string[];
  bounds: { min: number; max: number } | null;
  active: boolean;
  onChange: (change: BoardChange) => void;
  onClear: () => void;
  /** The filters after the SPEC's four. */
  children?: ReactNode;
}) {
  const id = useId();
  const { search } = url;
  const investor = search.investor || 'all';
  return (
    <section aria-labelledby={`${id}-title`} className="rounded-xl border border-line bg-surface p-4">
      <div className="flex min-h-9 items-center justify-between gap-2">
        <h2 id={`${id}-title`} className="font-semibold text-ink">
          Filter Jobs
        </h2>
        {active ? (
          <Button variant="ghost" size="sm" onClick={onClear}>
            <X aria-hidden="true" />
            Clear Filters
          </Button>
        ) : null}
      </div>
      <div className="mt-2 grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
        <div>
          <label htmlFor={`${id}-title-input`} className="text-sm font-medium text-ink">
            Job title
          </label>
          <Input
            id={`${id}-title-input`}
            type="search"
            icon={Search}
            value={url.typed.title}
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
            id={`${id}-investor`}
            value={investor}
            onChange={(event) => onChange({ investor: event.target.value })}
            className="mt-1"
          >
            <option value="all">{investor === 'all' ? 'Select investor' : 'All investors'}</option>
            {investors.map((name) => (
              <option key={name} value={name}>
                {name}
              </option>
            ))}
          </NativeSelect>
        </div>
        <SalaryInput
          id={`${id}-min`}
          label="Min salary (k USD)"
          value={search.salaryMinK ?? bounds?.min}
          bounds={bounds}
          onChange={(salaryMinK) => onChange({ salaryMinK })}
        />
        <SalaryInput
          id={`${id}-max`}
          label="Max salary (k USD)"
          value={search.salaryMaxK ?? bounds?.max}
          bounds={bounds}
          onChange={(salaryMaxK) => onChange({ salaryMaxK })}
        />
      </div>
      {children}
    </section>
  );
}

function SalaryInput({
  id,
  label,
  value,
  bounds,
  onChange,
}: {
  id: string;
  label: string;
  value: number | undefined;
  bounds: { min: number; max: number } | null;
  onChange: (value: number | undefined) => void;
}) {
  return (
    <div>
      <label htmlFor={id} className="text-sm font-medium text-ink">
        {label}
      </label>
      <Input
        id={id}
        type="number"
        inputMode="numeric"
        min={bounds?.min}
        max={bounds?.max}
        value={value ?? ''}
        onChange={(event) => onChange(salaryInput(event.target.value))}
        className="mt-1"
      />
    </div>
  );
}
