import { describe, expect, it } from 'vitest';
import { changedFields } from './get-form';

/** A form as the server rendered it (its `value`/`checked`/`selected` attributes are the defaults). */
function serverForm(html: string): HTMLFormElement {
  const form = document.createElement('form');
  form.innerHTML = html;
  return form;
}

describe('changedFields', () => {
  const html = `
    <input name="q" value="">
    <input name="min" type="number" value="40">
    <select name="sort"><option value="newest" selected>Newest</option><option value="salary">Salary</option></select>
    <select name="level"><option value="">Any</option><option value="Senior">Senior</option></select>
    <input type="checkbox" name="workplace" value="Remote" checked>
    <input type="checkbox" name="workplace" value="Hybrid">
    <input type="hidden" name="view" value="grid">`;

  it('finds nothing in a form as it was rendered', () => {
    expect(changedFields(serverForm(html))).toEqual({});
  });

  it('gives what the visitor changed, by name, as the form would submit it', () => {
    const form = serverForm(html);
    const field = (name: string) => form.querySelector(`[name="${name}"]`) as HTMLInputElement | HTMLSelectElement;
    (field('q') as HTMLInputElement).value = 'engineer';
    field('sort').value = 'salary';
    field('level').value = 'Senior';
    (form.querySelector('[value="Hybrid"]') as HTMLInputElement).checked = true;
    expect(changedFields(form)).toEqual({ q: 'engineer', sort: 'salary', level: 'Senior', workplace: 'Remote,Hybrid' });
  });

  it('gives an emptied field and a group with nothing checked as empty', () => {
    const form = serverForm(html);
    (form.querySelector('[name="min"]') as HTMLInputElement).value = '';
    (form.querySelector('[value="Remote"]') as HTMLInputElement).checked = false;
    expect(changedFields(form)).toEqual({ min: '', workplace: '' });
  });
});
