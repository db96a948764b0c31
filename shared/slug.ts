/** A URL-safe id from a display name: "Natus Vincere!" -> "natus-vincere". */
export function slugify(name: string): string {
  const slug = name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 48);
  return slug || 'item';
}

/** The first of `base`, `base-2`, `base-3` ... that is not taken. */
export function uniqueSlug(base: string, taken: (candidate: string) => boolean): string {
  let candidate = base;
  for (let n = 2; taken(candidate); n++) {
    candidate = `${base}-${n}`;
  }
  return candidate;
}

/** `uniqueSlug` where whether a candidate is taken must be looked up (in storage). */
export async function uniqueSlugOf(
  base: string,
  taken: (candidate: string) => Promise<boolean>,
): Promise<string> {
  let candidate = base;
  for (let n = 2; await taken(candidate); n++) {
    candidate = `${base}-${n}`;
  }
  return candidate;
}
