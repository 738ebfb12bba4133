// #analysis/run-all: the full pipeline (POST /api/jobs/run-all) from a form built from its request schema,
// the job watched, and one row per module with its outcome. While it runs the job only reports
// "k/N modules (id)" after each module, so the table lists the modules seen finishing (their outcome is
// known when the run ends) and how many are still queued or running; at the end every module of the run
// is a row — completed, with links to its stored result (JSON and HTML report), or failed with its error.
import { api } from '../../core/api';
import { h, replace } from '../../core/dom';
import { errorBox } from '../../core/errors';
import type { ViewContext } from '../../core/router';
import type { ModulesAnswer, SchemaProperty } from './analysis-types';
import { runFormJob } from './job-watch';
import { formQuery, schemaFields } from './schema-form';
import './analysis.css';

const FIELDS = ['disease_id', 'full', 'parallel', 'max_parallel', 'skip_ml'];
interface RunAllResult { modules_completed: string[]; errors: Record<string, string> }

export async function runAllView({ query, outlet, signal }: ViewContext): Promise<void> {
  const title = h('h1', { 'data-testid': 'analysis-title' }, 'Run all modules');
  replace(outlet, title, h('p', { class: 'muted' }, 'Loading…'));
  let schema: Record<string, SchemaProperty>;
  try {
    const info = (await api.get<ModulesAnswer>('/api/system/modules', { signal })).modules.find((m) => m.id === 'run-all');
    const all = info?.request_schema?.properties ?? {};
    schema = Object.fromEntries(FIELDS.filter((f) => all[f]).map((f) => [f, all[f]!]));
  } catch (error) {
    if (!signal.aborted) replace(outlet, title, errorBox(error));
    return;
  }
  const general = h('div');
  const status = h('div', { 'data-testid': 'analysis-job' });
  const table = h('div', { 'data-testid': 'run-all-modules' });
  const form = h('form', { class: 'panel analysis-form', 'data-testid': 'run-all-form', novalidate: true },
    h('div', { class: 'param-grid' }, schemaFields(schema, query)), general,
    h('div', { class: 'actions' }, h('button', { type: 'submit', class: 'primary', 'data-testid': 'analysis-run' }, 'Run all')));
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    void run(form, schema, { general, status, table }, signal);
  });
  replace(outlet, h('p', null, h('a', { href: '#analysis' }, '← All modules')), title,
    h('p', { class: 'small' }, 'Runs the default module set of the server (full adds the slow ones, skip_ml drops the machine-learning ones) as one job; '
      + 'a module\'s failure does not stop the others.'), form, status, table);
}

async function run(form: HTMLFormElement, schema: Record<string, SchemaProperty>, parts: { general: HTMLElement; status: HTMLElement; table: HTMLElement }, signal: AbortSignal): Promise<void> {
  replace(parts.table);
  const disease = (form.elements.namedItem('disease_id') as HTMLInputElement | null)?.value.trim() || 'sle';
  const finished: string[] = [];
  let total: number | null = null;
  let done = 0;
  await runFormJob(form, '/api/jobs/run-all', formQuery(form, schema), parts, signal, (job, jobId) => {
    if (job.status === 'FAILURE') replace(parts.table, h('div', { class: 'error', role: 'alert', 'data-testid': 'analysis-failure' }, `The run failed: ${job.error ?? 'no reason given'}`));
    else replace(parts.table, finalCount(job.result as RunAllResult, done, total), finalTable(job.result as RunAllResult, disease, jobId));
  }, (polled) => {
    const seen = /^(\d+)\/(\d+) modules \((.+)\)$/.exec(polled.progress?.message ?? '');
    // The count is the job's own k of "k/N": two modules ending between two updates are both counted.
    if (seen) { done = Math.max(done, Number(seen[1])); total = Number(seen[2]); if (!finished.includes(seen[3]!)) finished.push(seen[3]!); }
    if (polled.status !== 'SUCCESS' && polled.status !== 'FAILURE') replace(parts.table, runningTable(finished, done, total));
  });
}

/**
 * How far the run got, kept above the final table: "13 of 13 modules finished", and the last "k of N" the
 * page saw while the run went on (issue 30: a watch that froze showed "4 of 13" and never reached the end).
 * The job's last progress step and its end can arrive as one update, so the live count may stop one short.
 */
function finalCount(result: RunAllResult, liveDone: number, total: number | null): HTMLElement {
  const finished = result.modules_completed.length + Object.keys(result.errors).length;
  const of = total ?? finished;
  return h('p', { class: 'small', 'data-testid': 'run-all-progress', 'data-done': String(finished), 'data-total': String(of), 'data-live-done': String(liveDone) },
    `${finished} of ${of} modules finished`, liveDone >= finished ? ' (followed live to the end).' : ` (followed live to ${liveDone}; the run ended before the next update).`);
}

function runningTable(finished: readonly string[], done: number, total: number | null): HTMLElement {
  return h('section', { class: 'panel' }, h('h2', null, 'Modules'),
    h('p', { class: 'small', 'aria-live': 'polite', 'data-testid': 'run-all-running' }, total === null
      ? 'Running: the job reports each module as it finishes; outcomes are known when the run ends.'
      : `Running: ${done} of ${total} modules finished; the other ${total - done} are queued or running. Outcomes are known when the run ends.`),
    finished.length === 0 ? null : table(finished.map((id) => h('tr', { 'data-testid': 'run-all-row', 'data-module': id, 'data-status': 'finished' },
      h('th', { scope: 'row' }, id), h('td', null, 'finished (outcome at the end)'), h('td', null, '—')))));
}

function finalTable(result: RunAllResult, disease: string, jobId: string): HTMLElement {
  const ids = [...new Set([...result.modules_completed, ...Object.keys(result.errors)])].sort();
  const q = `?disease_id=${encodeURIComponent(disease)}`;
  const failed = Object.keys(result.errors).length;
  return h('section', { class: 'panel', 'data-testid': 'run-all-result' }, h('h2', null, 'Modules'),
    h('p', { class: 'small' }, `${result.modules_completed.length} completed, ${failed} failed, of ${ids.length} modules run. `,
      h('a', { href: `/api/jobs/${encodeURIComponent(jobId)}`, target: '_blank', rel: 'noopener', 'data-testid': 'export-job-link' }, 'The job as JSON (API)')),
    table(ids.map((id) => {
      const error = result.errors[id];
      const m = encodeURIComponent(id);
      return h('tr', { 'data-testid': 'run-all-row', 'data-module': id, 'data-status': error === undefined ? 'completed' : 'failed' },
        h('th', { scope: 'row' }, h('a', { href: `#analysis/${m}` }, id)),
        error === undefined ? h('td', { class: 'status-completed' }, 'completed') : h('td', null, h('span', { class: 'status-failed' }, 'failed'), ` — ${error}`),
        h('td', null, error === undefined ? [
          h('a', { href: `/api/export/json/${m}${q}`, target: '_blank', rel: 'noopener', 'data-testid': 'export-module-json' }, 'JSON'), ' · ',
          h('a', { href: `/api/export/report/${m}${q}`, target: '_blank', rel: 'noopener', 'data-testid': 'export-module-report' }, 'HTML report'),
        ] : '—'));
    })));
}

function table(rows: HTMLElement[]): HTMLElement {
  return h('div', { class: 'table-wrap' }, h('table', { class: 'run-all-table' },
    h('thead', null, h('tr', null, h('th', { scope: 'col' }, 'Module'), h('th', { scope: 'col' }, 'Status'), h('th', { scope: 'col' }, 'Export'))),
    h('tbody', null, rows)));
}
