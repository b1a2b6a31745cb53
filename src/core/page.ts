// One page of a list, as every list answers it (docs/api.md §7): the page's items, the total
// and `totalPages = ceil(total / pageSize)`. Services build it; the routes' `paginated` schema
// (src/http/schemas.ts) describes it.
export interface Page<T> {
  items: T[];
  total: number;
  page: number;
  pageSize: number;
  totalPages: number;
}

export function toPage<T>(items: T[], total: number, page: number, pageSize: number): Page<T> {
  return { items, total, page, pageSize, totalPages: Math.ceil(total / pageSize) };
}
