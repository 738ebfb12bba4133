// The safety module on the real SIDER 4.1 and DrugBank files of ../shared/data (imported through the real
// importers): carbamazepine's label side effects include its known serious reactions, Stevens-Johnson
// syndrome and agranulocytosis, with SIDER's "very rare" frequency; DrugBank marks a withdrawn drug
// (tolcapone, "approved|withdrawn" in drugbank-slim.tsv). Offline evidence sources, so FAERS says "not
// available". Skips with a message where the shared data is absent.
import { expect } from 'chai';
import { startTestServer, TestServer } from '../../support/test-server';
import { BiomedEnv, requireSharedData, startBiomedEnv } from '../../biomed/support/biomed-env';
import { importReal, realImports } from '../../biomed/support/real-resources';
import { Json, moduleClient } from './support/module-client';

const IMPORTS = realImports(['drugbank', 'sider']);

describe('analysis on the real resources: drug safety from SIDER 4.1 and DrugBank', function () {
  this.timeout(1_200_000);
  let env: BiomedEnv;
  let server: TestServer;
  const api = moduleClient(() => server.baseUrl);

  before(async function () {
    requireSharedData(this, ...IMPORTS.flatMap(([, files]) => files));
    env = await startBiomedEnv();
    await importReal(env, IMPORTS, (resource, ms) => console.log(`      imported ${resource} in ${(ms / 1000).toFixed(1)} s`));
    server = await startTestServer({ databaseUrl: env.runtime.settings.databaseUrl, env: { EVIDENCE_SOURCE_MODE: 'offline' } });
  });
  after(async () => { await server?.close(); await env?.close(); });

  it('shows carbamazepine\'s Stevens-Johnson syndrome and agranulocytosis, very rare on its label', async () => {
    const started = Date.now();
    const { status, body } = await api.get('/api/safety/profiles?drug_id=DRUGBANK:DB00564&max_side_effects=5000');
    const ms = Date.now() - started;
    expect(status).to.equal(200);
    const drug = body.drugs[0] as Json;
    expect(drug.name).to.equal('Carbamazepine');
    const byName = new Map((drug.side_effects.listed as Json[]).map((s) => [s.name, s]));
    for (const serious of ['Stevens-Johnson syndrome', 'Agranulocytosis', 'Toxic epidermal necrolysis']) expect(byName.has(serious), serious).to.equal(true);
    expect(byName.get('Stevens-Johnson syndrome')!.frequency.texts).to.include('very rare');
    expect(byName.get('Stevens-Johnson syndrome')!.id).to.equal('UMLS:C0038325');
    expect(body.sources.faers.status).to.equal('not_available');
    console.log(`      carbamazepine: ${drug.side_effects.total} side effects, ${drug.side_effects.with_frequency} with a frequency, `
      + `${drug.side_effects.with_placebo} with a placebo frequency (${drug.side_effects.higher_on_drug} higher on drug); ${ms} ms (graph built in this call)`);
  });

  it('marks tolcapone withdrawn, as DrugBank groups it', async () => {
    const { status, body } = await api.get('/api/safety/profiles?drug_id=DB00323&max_side_effects=1');
    expect(status).to.equal(200);
    expect(body.drugs[0]).to.include({ name: 'Tolcapone', withdrawn: true });
  });
});
