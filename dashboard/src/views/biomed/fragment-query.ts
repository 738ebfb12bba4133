// Keeps a page's filter choices in its fragment (#path?key=value) without a new history entry or a
// re-render, so a reload or a shared link shows the same filters.
export function updateFragmentQuery(changes: Record<string, string | undefined>): void {
  const [path = '', queryString = ''] = location.hash.replace(/^#/, '').split('?');
  const params = new URLSearchParams(queryString);
  for (const [key, value] of Object.entries(changes)) {
    if (value === undefined || value === '') params.delete(key);
    else params.set(key, value);
  }
  const qs = params.toString();
  history.replaceState(null, '', `#${path}${qs ? `?${qs}` : ''}`);
}
