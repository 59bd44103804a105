import { useHydrated } from '@board/shared/react/render-time';
import { type RefObject, useEffect, useRef } from 'react';

type Field = HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement;

const isField = (element: Element): element is Field =>
  element instanceof HTMLInputElement || element instanceof HTMLSelectElement || element instanceof HTMLTextAreaElement;

const isToggle = (field: Field): field is HTMLInputElement =>
  field instanceof HTMLInputElement && (field.type === 'checkbox' || field.type === 'radio');

/** Whether the visitor changed a field from the value the page was rendered with. */
function changed(field: Field): boolean {
  if (isToggle(field)) return field.checked !== field.defaultChecked;
  if (field instanceof HTMLSelectElement) {
    // The option rendered as selected (none: the first, as the browser shows it).
    const rendered = Array.from(field.options).find((option) => option.defaultSelected) ?? field.options[0];
    return field.value !== (rendered?.value ?? '');
  }
  return field.value !== field.defaultValue;
}

/**
 * The named fields of a form the visitor changed from what the page was rendered with, by name,
 * as the form would submit them: a group of checkboxes by one name is one value, its checked
 * values joined by commas ('' when none is). The names are the URL's parameters.
 */
export function changedFields(form: HTMLFormElement): Record<string, string> {
  const fields = Array.from(form.elements)
    .filter(isField)
    .filter((field) => field.name && !field.disabled);
  const names = new Set(fields.filter(changed).map((field) => field.name));
  const values: Record<string, string> = {};
  for (const name of names) {
    const group = fields.filter((field) => field.name === name);
    values[name] = group.every(isToggle)
      ? group
          .filter((field) => field.checked)
          .map((field) => field.value)
          .join(',')
      : (group[0]?.value ?? '');
  }
  return values;
}

/**
 * What the visitor typed or picked in a server-rendered form before its scripts ran takes effect
 * once they run: right after hydration, the fields changed since the page was rendered are handed
 * to `adopt` (React leaves a typed value on screen while it hydrates, but would not know of it).
 * A form rendered in the browser (a later page) has nothing to adopt.
 */
export function useAdoptChangedFields(
  form: RefObject<HTMLFormElement | null>,
  adopt: (values: Record<string, string>) => void,
) {
  const adoptRef = useRef(adopt);
  adoptRef.current = adopt;
  const hydrating = useRef(!useHydrated());
  useEffect(() => {
    if (!form.current || !hydrating.current) return;
    hydrating.current = false;
    const values = changedFields(form.current);
    if (Object.keys(values).length > 0) adoptRef.current(values);
  }, [form]);
}

/**
 * A ref for an uncontrolled field (its `defaultValue`/`defaultChecked` is what the server
 * rendered) that follows `value` when it changes elsewhere (Clear Filters, Back), unless the
 * visitor is in the field: uncontrolled, so hydration never resets what was typed before it.
 * `undefined` is a value not known yet, which changes nothing.
 */
export function useFollowValue<T extends Field>(value: string | boolean | undefined) {
  const ref = useRef<T>(null);
  // Only a change: at hydration the field holds what the server rendered, or what the visitor typed.
  const last = useRef(value);
  useEffect(() => {
    // Undefined: not known yet (a name still loading); the field keeps what it shows.
    if (value === undefined || last.current === value) return;
    last.current = value;
    const field = ref.current;
    if (!field || field.ownerDocument.activeElement === field) return;
    if (typeof value === 'boolean') {
      if (field instanceof HTMLInputElement && field.checked !== value) field.checked = value;
    } else if (field.value !== value) field.value = value;
  }, [value]);
  return ref;
}
