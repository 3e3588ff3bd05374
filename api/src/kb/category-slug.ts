/**
 * A category's slug: the name in lowercase ASCII letters and digits joined by single hyphens
 * ('category' when nothing of it is left, a name in another script for example), at most `max` long.
 */
export function categorySlugBase(name: string, max: number): string {
  const base = name
    .normalize('NFKD')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, max)
    .replace(/-+$/g, '');
  return base || 'category';
}

/** The first of base, base-2, base-3 ... that `taken` does not hold. */
export function firstFreeSlug(base: string, taken: ReadonlySet<string>): string {
  if (!taken.has(base)) return base;
  for (let n = 2; ; n++) {
    const candidate = `${base}-${n}`;
    if (!taken.has(candidate)) return candidate;
  }
}

/** The ids in their new order after `id` moved to `position` (clamped to the list). */
export function placeAt(ids: readonly string[], id: string, position: number): string[] {
  const rest = ids.filter((other) => other !== id);
  const at = Math.max(0, Math.min(position, rest.length));
  return [...rest.slice(0, at), id, ...rest.slice(at)];
}
