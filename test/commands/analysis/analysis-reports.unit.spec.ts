// The drug-combinations and virtual-screening HTML reports escape every value taken from data.
import { expect } from 'chai';
import { renderDrugCombinationsHtml } from '../../../commands/analysis/drug-combinations/render-drug-combinations-html';
import { renderScreeningHtml } from '../../../commands/analysis/virtual-screening/render-screening-html';

const EVIL = '<script>alert("x")</script>&';

describe('analysis HTML reports', () => {
  it('escapes drug-combination values', () => {
    const html = renderDrugCombinationsHtml({
      method: EVIL, disclaimer: 'Research use only', disease: { curie: 'MONDO:1', label: EVIL },
      disease_module: { genes: 1, in_interactome: 1, d_dd: null }, selection: { rule: EVIL, selected: 2 },
      configuration_counts: { [EVIL]: 1 }, pairs_total: 1,
      pairs: [{ rank: 1, drug_a: { curie: EVIL, label: EVIL }, drug_b: { curie: 'b', label: 'b' }, configuration: EVIL, s_ab: 1, d_ab: 1, d_aa: 0, d_bb: 0, s_ad: -1, s_bd: -1, shared_targets: [EVIL] }],
      dose_response_synergy: { drug_a: EVIL, drug_b: EVIL, unit: 'percent', scores: { hsa: 1, bliss: 1, loewe: 1, zip: 1 }, readings: { hsa: EVIL, bliss: 'additive', loewe: 'additive', zip: 'additive' } },
      snapshots: [{ snapshot_id: EVIL, resource: EVIL }],
    });
    expect(html).to.not.include('<script>');
    expect(html).to.include('&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;&amp;');
  });

  it('escapes screening values', () => {
    const html = renderScreeningHtml({
      method: EVIL, disclaimer: 'Research use only',
      target: { curie: EVIL, symbol: EVIL, chosen_by: EVIL, known_binders: 1, binders_with_structure: 1 },
      known_binders: [{ curie: EVIL, label: EVIL, edge_types: [EVIL], has_structure: false }],
      library: { compounds_with_inchi: 1, structures_restored: 1, candidates_screened: 1 },
      candidates: [{ rank: 1, curie: EVIL, label: EVIL, max_tanimoto: 0.5, nearest_binder: { curie: EVIL, label: EVIL }, lipinski: { passes: false, violations: [EVIL] }, qed: { value: 0.5, alerts: [EVIL] }, qed_without_alerts: { value: 0.5 }, docking: { ok: false, error: EVIL } }],
      snapshots: [{ snapshot_id: EVIL, resource: EVIL }],
    });
    expect(html).to.not.include('<script>');
    expect(html).to.include('&lt;script&gt;');
  });
});
