// GET and job helpers for the analysis-module specs of issue 16 (safety, trials, search, evidence, LLM).
import { expect } from 'chai';
import { eventually } from '../../../support/databases';

export type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

export function moduleClient(baseUrl: () => string) {
  return {
    async get(url: string): Promise<{ status: number; body: Json }> {
      const r = await fetch(`${baseUrl()}${url}`);
      return { status: r.status, body: await r.json() as Json };
    },
    /** Submits POST /api/jobs/{name}?query and waits for the end; returns the final job status. */
    async job(name: string, query: string, moduleId: string): Promise<Json> {
      const submitted = await fetch(`${baseUrl()}/api/jobs/${name}?${query}`, { method: 'POST' });
      expect(submitted.status).to.equal(202);
      const { job_id, module } = await submitted.json() as Json;
      expect(module).to.equal(moduleId);
      let last: Json = {};
      await eventually(async () => {
        last = await (await fetch(`${baseUrl()}/api/jobs/${job_id}`)).json() as Json;
        return ['SUCCESS', 'FAILURE'].includes(last.status);
      }, `job ${job_id} finishes`, 60_000);
      return last;
    },
  };
}
