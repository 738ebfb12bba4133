// #analysis/{module}[?param=..]: one module's page — what it computes, a form built from its request
// schema, and on submit the job queued (POST /api/jobs/{module}), watched, and its result drawn.
// The parameters go into the fragment, so a result page can be bookmarked and run again.
import { api } from '../../core/api';
import { h, replace } from '../../core/dom';
import { errorBox } from '../../core/errors';
import type { ViewContext } from '../../core/router';
import type { ModuleInfo, ModulesAnswer } from './analysis-types';
import { runFormJob } from './job-watch';
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
  const properties = info.request_schema?.properties ?? {};
  const general = h('div');
  const status = h('div', { 'data-testid': 'analysis-job' });
  const result = h('div');
  const form = h('form', { class: 'panel analysis-form', 'data-testid': 'analysis-form', novalidate: true },
    h('div', { class: 'param-grid' }, schemaFields(properties, query)), general,
    h('div', { class: 'actions' }, h('button', { type: 'submit', class: 'primary', 'data-testid': 'analysis-run' }, 'Run')));
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    void run(info!, form, properties, { general, status, result }, signal);
  });
  replace(outlet, h('p', null, h('a', { href: '#analysis' }, '← All modules')), h('h1', { 'data-testid': 'analysis-title' }, info.title),
    h('p', { class: 'small' }, info.description), form, status, result);
}

async function run(info: ModuleInfo, form: HTMLFormElement, properties: NonNullable<ModuleInfo['request_schema']>['properties'] & object,
  parts: { general: HTMLElement; status: HTMLElement; result: HTMLElement }, signal: AbortSignal): Promise<void> {
  replace(parts.result);
  await runFormJob(form, `/api/jobs/${encodeURIComponent(info.id)}`, formQuery(form, properties), parts, signal, (job, jobId) => {
    if (job.status === 'FAILURE') replace(parts.result, h('div', { class: 'error', role: 'alert', 'data-testid': 'analysis-failure' }, `The job failed: ${job.error ?? 'no reason given'}`));
    else replace(parts.result, resultView(info.id, jobId, job.result));
  });
}
