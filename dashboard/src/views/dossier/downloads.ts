// The dossier's downloads: the HTML export (the run's generated HTML, as saved with the run) and the
// review bundle ZIP (GET /api/workspace/runs/{id}/review-bundle), both saved without leaving the page.
import { api, saveBlob } from '../../core/api';
import { h, replace } from '../../core/dom';
import { errorBox } from '../../core/errors';

export function downloadButtons(runId: string, html: string | null): HTMLElement {
  const problem = h('div', { 'aria-live': 'polite' });
  const htmlButton = h('button', { type: 'button', 'data-testid': 'download-html', disabled: html === null }, 'Download HTML export');
  htmlButton.addEventListener('click', () => {
    if (html !== null) saveBlob(new Blob([html], { type: 'text/html;charset=utf-8' }), `dossier-${runId}.html`);
  });
  const bundleButton = h('button', { type: 'button', 'data-testid': 'download-bundle' }, 'Download review bundle (ZIP)');
  bundleButton.addEventListener('click', async () => {
    bundleButton.disabled = true;
    replace(problem);
    try {
      // Fetched at click time so it holds the reviews saved since the page opened.
      const zip = await api.get<Blob>(`/api/workspace/runs/${encodeURIComponent(runId)}/review-bundle`, { as: 'blob', headers: { Accept: 'application/zip' } });
      saveBlob(zip, `review-bundle-${runId}.zip`);
    } catch (error) {
      replace(problem, errorBox(error));
    } finally {
      bundleButton.disabled = false;
    }
  });
  return h('div', null, h('div', { class: 'actions' }, htmlButton, bundleButton), problem);
}
