import type { BoardChange, BoardUrl } from '@board/shared/api/board-search';
import { type WorkplaceType, workplaceTypes } from '@board/shared/api/job-search';
import { Checkbox } from '@board/shared/ui/checkbox';
import { Input } from '@board/shared/ui/input';
import { NativeSelect } from '@board/shared/ui/native-select';
import { MapPin } from 'lucide-react';
import { useId } from 'react';
import { useFollowValue } from '../../lib/forms/get-form';
import { postedWithinOptions } from './search-options';
import { VisaField, WorkFromField } from './work-from-fields';

export interface MoreFilterOptions {
  locations: string[];
  jobTypes: string[];
  levels: string[];
}

/**
 * The filters after the SPEC's four: a location typed or chosen from the board's own
 * locations, workplace types (several at once), job type, level, posted within, the country the
 * seeker can work from and visa sponsorship.
 */
export function MoreFilterFields({
  url,
  options,
  onChange,
}: {
  url: BoardUrl;
  options: MoreFilterOptions;
  onChange: (change: BoardChange) => void;
}) {
  const id = useId();
  const { search } = url;
  const location = useFollowValue<HTMLInputElement>(url.typed.location);
  const toggleWorkplace = (type: WorkplaceType, on: boolean) =>
    onChange({
      workplaces: workplaceTypes.filter((each) => (each === type ? on : search.workplaces.includes(each))),
    });

  return (
    <div className="mt-3 grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
      <div>
        <label htmlFor={`${id}-location`} className="text-sm font-medium text-ink">
          Location
        </label>
        <Input
          ref={location}
          id={`${id}-location`}
          name="location"
          icon={MapPin}
          list={`${id}-locations`}
          defaultValue={url.typed.location}
          onChange={(event) => onChange({ location: event.target.value })}
          placeholder="City or Remote"
          autoComplete="off"
          className="mt-1"
        />
        <datalist id={`${id}-locations`}>
          {options.locations.map((location) => (
            <option key={location} value={location} />
          ))}
        </datalist>
      </div>
      <Select
        id={`${id}-type`}
        name="type"
        label="Job type"
        value={search.jobType}
        anyLabel="Any job type"
        options={options.jobTypes.map((type) => ({ value: type, label: type }))}
        onChange={(jobType) => onChange({ jobType })}
      />
      <Select
        id={`${id}-level`}
        name="level"
        label="Level"
        value={search.level}
        anyLabel="Any level"
        options={options.levels.map((level) => ({ value: level, label: level }))}
        onChange={(level) => onChange({ level })}
      />
      <Select
        id={`${id}-posted`}
        name="posted"
        label="Posted within"
        value={search.postedWithin}
        anyLabel="Any time"
        options={postedWithinOptions}
        onChange={(value) =>
          onChange({ postedWithin: postedWithinOptions.find((option) => option.value === value)?.value ?? '' })
        }
      />
      <WorkFromField url={url} onChange={onChange} />
      <VisaField url={url} onChange={onChange} />
      <fieldset className="sm:col-span-2 lg:col-span-4">
        <legend className="text-sm font-medium text-ink">Workplace</legend>
        <div className="mt-1 flex flex-wrap gap-2">
          {workplaceTypes.map((type) => (
            <WorkplaceCheckbox
              key={type}
              type={type}
              checked={search.workplaces.includes(type)}
              onChange={(on) => toggleWorkplace(type, on)}
            />
          ))}
        </div>
      </fieldset>
    </div>
  );
}

/** One workplace type; the group submits as ?workplace=Remote&workplace=Hybrid. */
function WorkplaceCheckbox({
  type,
  checked,
  onChange,
}: {
  type: WorkplaceType;
  checked: boolean;
  onChange: (checked: boolean) => void;
}) {
  const ref = useFollowValue<HTMLInputElement>(checked);
  return (
    <label className="flex h-10 cursor-pointer items-center gap-2 rounded-lg border border-line bg-white px-3 text-sm text-ink has-checked:border-brand-600 has-checked:bg-brand-50 has-focus-visible:outline-2 has-focus-visible:outline-brand-600">
      <Checkbox
        ref={ref}
        name="workplace"
        value={type}
        defaultChecked={checked}
        onChange={(event) => onChange(event.target.checked)}
      />
      {type}
    </label>
  );
}

function Select({
  id,
  name,
  label,
  value,
  anyLabel,
  options,
  onChange,
}: {
  id: string;
  name: string;
  label: string;
  value: string;
  anyLabel: string;
  options: readonly { value: string; label: string }[];
  onChange: (value: string) => void;
}) {
  const ref = useFollowValue<HTMLSelectElement>(value);
  return (
    <div>
      <label htmlFor={id} className="text-sm font-medium text-ink">
        {label}
      </label>
      <NativeSelect
        // Uncontrolled: new options (the board's loaded) are a new select, showing the URL's choice.
        key={options.map((option) => option.value).join('\n')}
        ref={ref}
        id={id}
        name={name}
        defaultValue={value}
        onChange={(event) => onChange(event.target.value)}
        className="mt-1"
      >
        <option value="">{anyLabel}</option>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </NativeSelect>
    </div>
  );
}
