/** Meta and preview descriptions stop here (a 5 MB description must not be written into the head). */
export const descriptionLimit = 300;

/**
 * `text` on one line, cut at a word boundary to at most `limit` characters, with an ellipsis when
 * cut: the heads' descriptions, and an imported job's short description.
 */
export function clip(text: string, limit = descriptionLimit): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  if (flat.length <= limit) return flat;
  const cut = flat.slice(0, limit - 1);
  const space = cut.lastIndexOf(' ');
  return `${(space > limit * 0.6 ? cut.slice(0, space) : cut).replace(/[\s.,;:·-]+$/, '')}…`;
}
