/**
 * What the suite asks the page, as JavaScript source (evaluated by WebDriver BiDi in Firefox and
 * by WebDriver classic in WebKit, the page's own scripts on or off). Source text, not functions:
 * a function compiled by tsx would carry helpers the page does not have.
 */
const helpers = String.raw`
  const text = (el) => (el ? el.textContent.replace(/\s+/g, ' ').trim() : '');
  const nameOf = (el) => {
    const labelledBy = el.getAttribute('aria-labelledby');
    if (el.getAttribute('aria-label')) return el.getAttribute('aria-label').trim();
    if (labelledBy) return labelledBy.split(/\s+/).map((id) => text(document.getElementById(id))).join(' ').trim();
    if (el instanceof HTMLInputElement && /^(submit|button)$/.test(el.type)) return el.value.trim();
    return text(el);
  };
  const visible = (el) => {
    if (!el) return false;
    const box = el.getBoundingClientRect();
    if (box.width === 0 || box.height === 0) return false;
    return el.checkVisibility ? el.checkVisibility({ visibilityProperty: true, opacityProperty: true }) : true;
  };
  const controls = 'button, summary, a[href], [role="button"], input[type="submit"], input[type="button"]';
  const byName = (name, root = document) =>
    [...root.querySelectorAll(controls)].filter((el) => nameOf(el) === name || (name.endsWith('*') && nameOf(el).startsWith(name.slice(0, -1))));
  const selectorOf = (el) => {
    if (!el.hasAttribute('data-browser-test')) el.setAttribute('data-browser-test', Math.random().toString(36).slice(2));
    return '[data-browser-test="' + el.getAttribute('data-browser-test') + '"]';
  };
  const fieldsLabelled = (label) => {
    const found = [];
    for (const el of document.querySelectorAll('input, select, textarea')) {
      const labels = [...(el.labels || [])].map(text);
      if (el.getAttribute('aria-label') === label || labels.includes(label)) found.push(el);
    }
    return found;
  };
`;

const inPage = (body: string) => `(() => { ${helpers}\n${body} })()`;

/** A selector for the visible control (button, summary, link) named `name` ('Filters*': a name starting so), or null. */
export const visibleControl = (name: string) =>
  inPage(`const el = byName(${JSON.stringify(name)}).find(visible); return el ? selectorOf(el) : null;`);

/** The names of the visible controls (for a failure's message). */
export const visibleControlNames = () =>
  inPage(`return [...new Set([...document.querySelectorAll(controls)].filter(visible).map(nameOf).filter(Boolean))];`);

/** A selector for the visible field labelled `label`, or null. */
export const visibleField = (label: string) =>
  inPage(`const el = fieldsLabelled(${JSON.stringify(label)}).find(visible); return el ? selectorOf(el) : null;`);

/**
 * The first job card (the board's first `article`): where it is, and whether its title is on
 * the first screen. Null when the page has none.
 */
export const firstJobCard = () =>
  inPage(`
    const card = document.querySelector('main article') || document.querySelector('article');
    if (!card) return null;
    const title = card.querySelector('h2, h3, [role="heading"]') || card;
    const box = card.getBoundingClientRect();
    const titleBox = title.getBoundingClientRect();
    return { top: Math.round(box.top + scrollY), titleBottom: Math.round(titleBox.bottom), title: text(title), viewportHeight: innerHeight, documentWidth: document.documentElement.scrollWidth };
  `);

/** Whether a visible element holds visible links named Sign In and Get Started (the menu's panel), with what it found. */
export const menuPanel = () =>
  inPage(`
    const signIn = byName('Sign In').filter(visible);
    const getStarted = byName('Get Started').filter(visible);
    const panel = signIn.map((link) => link.closest('[popover], dialog, details, [role="dialog"], nav, aside, div')).find((box) => box && getStarted.some((other) => box.contains(other)));
    return { open: Boolean(panel) && signIn.some((link) => link.getBoundingClientRect().top >= 0), signIn: signIn.length, getStarted: getStarted.length };
  `);

/** The page's address and its text (for the count). */
export const addressAndText = () => inPage(`return { href: location.href, text: document.body.innerText };`);

/** Whether a form that is `method="get"` holds the field labelled `label` and a submit named `submit`. */
export const getFormWith = (label: string, submit: string) =>
  inPage(`
    const field = fieldsLabelled(${JSON.stringify(label)}).find(visible);
    const form = field && field.form;
    if (!form) return { form: false };
    const button = byName(${JSON.stringify(submit)}, form).find((el) => el.type === 'submit' && visible(el));
    return { form: true, method: (form.getAttribute('method') || 'get').toLowerCase(), submit: button ? selectorOf(button) : null };
  `);

/** The sticky apply bar of a job page: whether it is on screen, fixed at the bottom, and what it holds. */
export const stickyApplyBar = () =>
  inPage(`
    const bar = [...document.querySelectorAll('[data-slot="sticky-apply-bar"]')].find(visible);
    if (!bar) return null;
    const box = bar.getBoundingClientRect();
    return {
      position: getComputedStyle(bar).position,
      top: Math.round(box.top),
      bottom: Math.round(box.bottom),
      viewportHeight: innerHeight,
      apply: byName('Apply for this position', bar).some(visible),
      save: [...bar.querySelectorAll(controls)].some((el) => visible(el) && /^(Save|Saved)\\b/.test(nameOf(el))),
    };
  `);

/** Whether React has committed the first page (the shell's `board:hydrated` User Timing mark). */
export const hydrated = () => `performance.getEntriesByName('board:hydrated', 'mark').length > 0`;

/** Same-origin and cross-origin resources the browser reports as failed (status 400 or more, where it is exposed). */
export const failedResources = () =>
  inPage(
    `return performance.getEntriesByType('resource').filter((entry) => entry.responseStatus >= 400).map((entry) => entry.responseStatus + ' ' + entry.name);`,
  );
