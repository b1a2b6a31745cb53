// A generated slug (docs/api.md §8) is the name in lowercase ASCII, accents dropped, every other
// run of characters turned into one `-`, trimmed of `-`. Uniqueness (`-2`, `-3`, …) is the
// repository's job, since only the database knows which slugs are taken.

export function slugify(name: string): string {
  return name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '') // combining accents left by NFKD
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

/** The n-th candidate for a taken slug: `acme`, `acme-2`, `acme-3`, … */
export function slugCandidate(base: string, attempt: number): string {
  return attempt <= 1 ? base : `${base}-${attempt}`;
}
