// What the router gives every console page. Its own module, so that the pages, which
// routes.tsx loads on demand, need not import routes.tsx back.

export interface PageProps {
  /** The named segments of the URL pattern (`:id`). */
  params: Record<string, string>;
}
