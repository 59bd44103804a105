import { Button } from '@board/shared/ui/button';
import { Input } from '@board/shared/ui/input';
import { NativeSelect } from '@board/shared/ui/native-select';
import { Search, X } from 'lucide-react';
import { type ReactNode, useId } from 'react';
import { type JobFilters, parseSalaryInput } from './filter-jobs';

/**
 * 'Filter Jobs' (SPEC section 2). The salary inputs show the lowest and highest salary among the
 * jobs until the visitor sets a bound; 'Clear Filters' appears only while a filter is active.
 */
export function FilterPanel({
  filters,
  investors,
  bounds,
  active,
  onChange,
  onClear,
  children,
}: {
  filters: JobFilters;
  investors: string[];
  bounds: { min: number; max: number } | null;
  active: boolean;
  onChange: (changes: Partial<JobFilters>) => void;
  onClear: () => void;
  /** More filters after the SPEC's four (issue 14). */
  children?: ReactNode;
}) {
  const id = useId();
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
            value={filters.jobTitle}
            onChange={(event) => onChange({ jobTitle: event.target.value })}
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
            value={filters.investor}
            onChange={(event) => onChange({ investor: event.target.value })}
            className="mt-1"
          >
            <option value="all">{filters.investor === 'all' ? 'Select investor' : 'All investors'}</option>
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
          value={filters.minSalary ?? bounds?.min}
          bounds={bounds}
          onChange={(minSalary) => onChange({ minSalary })}
        />
        <SalaryInput
          id={`${id}-max`}
          label="Max salary (k USD)"
          value={filters.maxSalary ?? bounds?.max}
          bounds={bounds}
          onChange={(maxSalary) => onChange({ maxSalary })}
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
        onChange={(event) => onChange(parseSalaryInput(event.target.value))}
        className="mt-1"
      />
    </div>
  );
}
