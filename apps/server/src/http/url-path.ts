/** The path of a request target: what comes before the query string (still percent-encoded). */
export function urlPath(url: string): string {
  const query = url.indexOf('?');
  return query < 0 ? url : url.slice(0, query);
}
