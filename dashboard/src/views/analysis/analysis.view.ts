// #analysis/{module}[?param=..]: one module's page — what it computes, a form built from its request
// schema, and on submit the job queued (POST /api/jobs/{module}), watched, and its result drawn.
// The parameters go into the fragment, so a result page can be bookmarked and run again. One disease
// field per form (disease-field.ts), checked against the registry before the job is queued.
import { api } from '../../core/api';
import { h, replace } from '../../core/dom';
import { errorBox, showClientErrors } from '../../core/errors';
import type { ViewContext } from '../../core/router';
import type { ModuleInfo, ModulesAnswer, SchemaProperty } from './analysis-types';
import { runFormJob } from './job-watch';
import { contextDisease, DISEASE_FIELD, diseaseProblem, isRegistryId, oneDiseaseField, withBothNames } from './disease-field';
import { resultView } from './result-view';
import { formQuery, schemaFields } from './schema-form';
import './analysis.css';

export async function analysisView({ params, query, outlet, signal }: ViewContext): Promise<void> {
  const moduleId = params.module ?? '';
  replace(outlet, h('p', { class: 'muted' }, 'Loading…'));
  let info: ModuleInfo | undefined;
  try {
    info = (await api.get<ModulesAnswer>('/api/system/modules', { signal })).modules.find((m) => m.id === moduleId || m.aliases.includes(moduleId));
  } catch (error) {
    if (!signal.aborted) replace(outlet, h('h1', null, moduleId), errorBox(error));
    return;
  }
  if (!info) return void replace(outlet, h('h1', null, moduleId), h('p', { class: 'error', role: 'alert' }, 'No such analysis module.'), h('a', { href: '#analysis' }, 'All modules'));
  const schema = info.request_schema?.properties ?? {};
  const properties = oneDiseaseField(schema);
  const general = h('div');
  const status = h('div', { 'data-testid': 'analysis-job' });
  const result = h('div');
  const form = h('form', { class: 'panel analysis-form', 'data-testid': 'analysis-form', novalidate: true },
    h('div', { class: 'param-grid' }, schemaFields(properties, contextDisease(query))), general,
    h('div', { class: 'actions' }, h('button', { type: 'submit', class: 'primary', 'data-testid': 'analysis-run' }, 'Run')));
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    void run(info!, form, { schema, properties }, { general, status, result }, signal);
  });
  replace(outlet, h('p', null, h('a', { href: '#analysis' }, '← All modules')), h('h1', { 'data-testid': 'analysis-title' }, info.title),
    h('p', { class: 'small' }, info.description), form, status, result);
}

type Properties = Record<string, SchemaProperty>;

async function run(info: ModuleInfo, form: HTMLFormElement, { schema, properties }: { schema: Properties; properties: Properties },
  parts: { general: HTMLElement; status: HTMLElement; result: HTMLElement }, signal: AbortSignal): Promise<void> {
  replace(parts.result);
  const field = form.elements.namedItem(DISEASE_FIELD) as HTMLInputElement | null;
  const chosen = field?.value.trim() ?? '';
  if (field) {
    const problem = diseaseProblem(chosen, schema) ?? await unknownDisease(chosen, signal);
    if (!showClientErrors(form, problem ? { [DISEASE_FIELD]: problem } : {}, parts.general)) return field.focus();
  }
  const query = field ? withBothNames(formQuery(form, properties), schema, chosen) : formQuery(form, properties);
  await runFormJob(form, `/api/jobs/${encodeURIComponent(info.id)}`, query, parts, signal, (job, jobId) => {
    if (job.status === 'FAILURE') replace(parts.result, h('div', { class: 'error', role: 'alert', 'data-testid': 'analysis-failure' }, `The job failed: ${job.error ?? 'no reason given'}`));
    else replace(parts.result, resultView(info.id, jobId, job.result, typeof query.disease_id === 'string' ? query.disease_id : 'sle'));
  });
}

/** "No disease module x" when the registry lists no such id; a CURIE is left to the server. */
async function unknownDisease(value: string, signal: AbortSignal): Promise<string | null> {
  if (!isRegistryId(value)) return null;
  try {
    const page = await api.get<{ diseases: { id: string }[] }>('/api/system/diseases', { query: { q: value, limit: 100 }, signal });
    return page.diseases.some((d) => d.id === value) ? null : `No disease module "${value}" in the registry; type a listed id (the disease picker on the Ask page lists them).`;
  } catch {
    return null; // the server checks it again; an unreachable list is no reason to refuse the run
  }
}
