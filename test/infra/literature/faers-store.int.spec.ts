// FAERS from the mirror: the 100 real openFDA drug/event reports recorded in ../shared/data imported as a
// faers snapshot answer the drug-safety FAERS counts offline (retrieval_mode 'mirror', the snapshot named),
// with every count checked against a second implementation over the same JSON file (plain loops, below);
// with no faers snapshot active the answer is "not available", never zero reports.
import fs from 'node:fs';
import { expect } from 'chai';
import { importSnapshot } from '../../../commands/biomed/import-snapshot';
import { faersCounts } from '../../../commands/analysis/drug-safety/openfda-faers';
import type { DiseaseModule } from '../../../domain/diseases/disease-module';
import { T } from '../../../infra/biomed/store/tables';
import { runSource, type RunSourceOptions } from '../../../infra/sources/source-runner';
import { faersForPipeline } from '../../../commands/workspace/research-pipeline-deps';
import { closedPortUrl } from '../sources/replay-server';
import { requireSharedData, shared, startBiomedEnv, type BiomedEnv } from '../../biomed/support/biomed-env';

const FILE = 'responses/openfda/event-results-limit100.json';
const disease = { id: 'pah', name: 'pulmonary arterial hypertension' } as DiseaseModule;

interface Drug { medicinalproduct?: string; openfda?: { generic_name?: string[] } }
interface Report { safetyreportid: string; patient: { drug: Drug[]; reaction: { reactionmeddrapt?: string }[] } }

/** The second implementation: openFDA's count semantics by hand over the file (a report counts once per term). */
function expected(reports: Report[], name: string) {
  const word = new RegExp(`(^|[^A-Za-z0-9])${name}([^A-Za-z0-9]|$)`, 'i');
  const names = (d: Drug) => (d.openfda ? d.openfda.generic_name ?? [] : d.medicinalproduct ? [d.medicinalproduct] : []);
  const terms = (r: Report) => new Set(r.patient.reaction.map((x) => x.reactionmeddrapt).filter((t): t is string => !!t));
  const tally = (rs: Report[]) => {
    const m = new Map<string, number>();
    for (const r of rs) for (const t of terms(r)) m.set(t, (m.get(t) ?? 0) + 1);
    return m;
  };
  const ofDrug = reports.filter((r) => r.patient.drug.some((d) => names(d).some((n) => word.test(n))));
  return { total: new Set(reports.map((r) => r.safetyreportid)).size, eventTotals: tally(reports), reports: ofDrug.length, events: tally(ofDrug) };
}

describe('FAERS counts from the mirror\'s faers snapshot', function () {
  this.timeout(120_000);
  let env: BiomedEnv;
  let snapshotId: string;
  let reports: Report[];

  before(async function () {
    requireSharedData(this, FILE);
    reports = JSON.parse(fs.readFileSync(shared(FILE), 'utf8')) as Report[];
    env = await startBiomedEnv();
    snapshotId = (await importSnapshot(env.deps, { resource: 'faers', files: [shared(FILE)] })).snapshot.snapshot_id;
  });
  after(async () => { await env?.close(); });

  it('offline, answers the drug-safety counts from the stored reports, equal to openFDA\'s count semantics computed independently', async () => {
    const out = await faersCounts({ sourceMode: 'offline', db: env.runtime.db.knex }, disease, ['AMBRISENTAN', 'PREDNISONE', 'NOT A DRUG NAME'], 20);
    expect(out.kind).to.equal('ok');
    if (out.kind !== 'ok') return;
    expect(out).to.include({ retrieval_mode: 'mirror', snapshot_id: snapshotId });
    const ambrisentan = expected(reports, 'AMBRISENTAN');
    // by hand (python over the file): 100 distinct reports, 61 naming ambrisentan in openfda.generic_name
    expect(out.counts.total).to.equal(100).and.to.equal(ambrisentan.total);
    expect(out.counts.drugs.get('AMBRISENTAN')!.reports).to.equal(61).and.to.equal(ambrisentan.reports);
    for (const [term, count] of out.counts.eventTotals) expect(count, term).to.equal(ambrisentan.eventTotals.get(term));
    expect(out.counts.eventTotals.size).to.equal(ambrisentan.eventTotals.size);
    const events = out.counts.drugs.get('AMBRISENTAN')!.events;
    expect(events.length).to.equal(Math.min(20, ambrisentan.events.size));
    for (const e of events) expect(e.count, e.term).to.equal(ambrisentan.events.get(e.term));
    // most reported first: no term left out counts more than the last one kept
    const kept = new Set(events.map((e) => e.term));
    const floor = events[events.length - 1]!.count;
    for (const [term, count] of ambrisentan.events) if (!kept.has(term)) expect(count, term).to.be.at.most(floor);
    const prednisone = expected(reports, 'PREDNISONE');
    expect(out.counts.drugs.get('PREDNISONE')!.reports).to.equal(prednisone.reports).and.to.be.greaterThan(0);
    expect(out.counts.drugs.get('NOT A DRUG NAME')).to.deep.equal({ reports: 0, events: [] });
  });

  it('the dossier pipeline\'s FAERS answers offline from the snapshot too', async () => {
    const out = await faersForPipeline(() => ({ mode: 'offline' }), env.runtime.db.knex)(disease, ['AMBRISENTAN']);
    expect(out).to.deep.include({ kind: 'ok', retrieval_mode: 'mirror' });
  });

  it('auto mode falls back to the snapshot when openFDA is unreachable; live mode does not', async () => {
    const unreachable: RunSourceOptions = { baseUrl: await closedPortUrl(), retries: 0, minIntervalMs: 0 };
    const sources = (mode: 'auto' | 'live'): typeof runSource => (adapter, request, own = {}) => runSource(adapter, request, { ...unreachable, mode, ...own });
    const auto = await faersCounts({ sources: sources('auto'), sourceMode: 'auto', db: env.runtime.db.knex }, disease, ['AMBRISENTAN'], 20);
    expect(auto).to.deep.include({ kind: 'ok', retrieval_mode: 'mirror', snapshot_id: snapshotId });
    const live = await faersCounts({ sources: sources('live'), sourceMode: 'live', db: env.runtime.db.knex }, disease, ['AMBRISENTAN'], 20);
    expect(live.kind).to.equal('not_available');
  });

  it('with no faers snapshot active, offline FAERS is "not available" (absence, not zero reports)', async () => {
    const knex = env.runtime.db.knex;
    await knex.transaction(async (trx) => {
      await trx(T.snapshots).where({ resource: 'faers' }).update({ active: false });
      const out = await faersCounts({ sourceMode: 'offline', db: trx }, disease, ['AMBRISENTAN'], 20);
      expect(out.kind).to.equal('not_available');
      if (out.kind === 'not_available') expect(out.reason).to.contain('offline mode').and.to.contain('no faers snapshot is active');
      await trx.rollback();
    }).catch((e: unknown) => { if (e !== undefined) throw e; });
  });
});
