// Reads of the activity read model: jobs per disease, module and phase; Workspace runs per disease.
import type { Knex } from 'knex';
import { JOB_ACTIVITY_TABLE, RUN_ACTIVITY_TABLE } from './activity.tables';

export interface DiseaseActivity {
  jobs: { total: number; by_phase: Record<string, number>; by_module: Record<string, number> };
  runs: number;
}

export interface ActivityQueries {
  /** Per disease id (or only one), sorted by id. */
  byDisease(diseaseId?: string): Promise<Record<string, DiseaseActivity>>;
}

/** A Map, not an object: a disease id is caller input, and `constructor` or `__proto__` would hit Object's own members. */
function slot(out: Map<string, DiseaseActivity>, disease: string): DiseaseActivity {
  let activity = out.get(disease);
  if (!activity) out.set(disease, activity = { jobs: { total: 0, by_phase: {}, by_module: {} }, runs: 0 });
  return activity;
}

export function activityQueries(knex: Knex): ActivityQueries {
  return {
    async byDisease(diseaseId) {
      const jobs = knex(JOB_ACTIVITY_TABLE).groupBy('disease_id', 'module', 'phase').select('disease_id', 'module', 'phase').count({ n: '*' });
      const runs = knex(RUN_ACTIVITY_TABLE).groupBy('disease_id').select('disease_id').count({ n: '*' });
      if (diseaseId !== undefined) { jobs.where({ disease_id: diseaseId }); runs.where({ disease_id: diseaseId }); }
      const out = new Map<string, DiseaseActivity>();
      for (const r of await jobs as { disease_id: string; module: string; phase: string; n: string }[]) {
        const s = slot(out, r.disease_id);
        s.jobs.total += Number(r.n);
        s.jobs.by_phase[r.phase] = (s.jobs.by_phase[r.phase] ?? 0) + Number(r.n);
        s.jobs.by_module[r.module] = (s.jobs.by_module[r.module] ?? 0) + Number(r.n);
      }
      for (const r of await runs as { disease_id: string; n: string }[]) slot(out, r.disease_id).runs = Number(r.n);
      return Object.fromEntries([...out].sort(([a], [b]) => a.localeCompare(b)));
    },
  };
}
