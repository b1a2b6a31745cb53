// How a request's URL reaches the router. A path id that is not a UUID, of any length or
// content, is an unknown id (404 with the resource's own `<Thing> not found`), so the router
// must route such a path to its operation rather than refuse it on its own with a bare
// 400/404/414: the route's auth guard and service then answer as for any other unknown id.

/**
 * The longest request head (request line and headers) Node accepts. Node's default, 16 KiB,
 * would refuse a path id of 10,000 characters once percent-encoded (up to 12 bytes each); the
 * head is bounded all the same, so a client cannot make the server buffer without limit.
 */
export const MAX_REQUEST_HEAD_BYTES = 128 * 1024;

/**
 * The router's own cap on one path parameter (find-my-way's default is 100 characters, past
 * which a route stops matching). The request head already bounds the URL, so the parameter is
 * allowed the whole of it.
 */
export const MAX_PATH_PARAM_LENGTH = MAX_REQUEST_HEAD_BYTES;

/**
 * Fastify's `rewriteUrl`: a path whose %-encoding does not decode (`%zz`, a cut sequence,
 * bytes that are not UTF-8) would make the router refuse the request before it knows the route.
 * Such a path is taken literally instead: each `%` of the path becomes `%25`, so the router
 * decodes the path back to the characters the client sent and the id is judged as a string.
 * The query string is left alone (its parser copes with broken encoding by itself).
 */
export function literalPathWhenUndecodable(url: string): string {
  const queryAt = url.indexOf('?');
  const path = queryAt === -1 ? url : url.slice(0, queryAt);
  if (!path.includes('%') || decodes(path)) return url;
  return path.replaceAll('%', '%25') + (queryAt === -1 ? '' : url.slice(queryAt));
}

function decodes(path: string): boolean {
  try {
    decodeURIComponent(path);
    return true;
  } catch {
    return false;
  }
}
