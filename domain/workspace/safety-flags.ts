// Safety facts about a ranked drug that come from the biomedical store, not from the retrieved records, so
// they are flags beside the ranking rather than claims (a claim must cite a retrieved evidence item):
//   withdrawn                  DrugBank lists the compound in its "withdrawn" group (withdrawn from the
//                              market in at least one jurisdiction). Keeps the drug from high confidence.
//   designated_medical_event   SIDER 4.1 (the drug's labels) lists side effects that are on the EMA's
//                              Designated Medical Event list (EMA/326038/2020, all 62 terms; matched by
//                              MedDRA PT code or exact PT name: domain/pharmacovigilance/designated-medical-events.ts).
//                              Keeps the drug from high confidence only when the label's own controlled
//                              frequencies put one of them higher on drug than on placebo (a measured harm,
//                              placebo-comparison.ts); a rare serious event merely listed on a label is shown,
//                              not scored (nearly every approved drug's label lists one).
import { DME_LIST, DME_TERMS_HELD } from '../pharmacovigilance/designated-medical-events';
import type { PlaceboVerdict } from '../pharmacovigilance/placebo-comparison';
import type { SafetyFlag } from './dossier-types';

export interface DesignatedEventsOnLabel {
  snapshot_id: string;
  effects: readonly { name: string; meddra_id: string; placebo_verdict: PlaceboVerdict | null }[];
}

/** Per knowledge-graph compound node: what the active snapshots say about its safety. */
export interface CompoundSafetyFacts {
  /** node → drugbank snapshot id */
  withdrawn?: ReadonlyMap<string, string>;
  /** node → its SIDER side effects that are designated medical events */
  designatedMedicalEvents?: ReadonlyMap<string, DesignatedEventsOnLabel>;
}

const MAX_NAMED = 6;

export function safetyFlagsFor(label: string, node: string | undefined, facts: CompoundSafetyFacts | undefined): SafetyFlag[] {
  if (!node || !facts) return [];
  const flags: SafetyFlag[] = [];
  const withdrawn = facts.withdrawn?.get(node);
  if (withdrawn) {
    flags.push({ flag: 'withdrawn', node, source: 'drugbank', snapshot_id: withdrawn, affects_confidence: true,
      statement: `DrugBank lists ${label} (${node}) as withdrawn from the market in at least one jurisdiction; it cannot be high confidence.` });
  }
  const dme = facts.designatedMedicalEvents?.get(node);
  if (dme && dme.effects.length > 0) {
    const names = dme.effects.map((e) => e.name);
    const measured = dme.effects.filter((e) => e.placebo_verdict === 'higher_on_drug').map((e) => e.name);
    const listed = `${names.slice(0, MAX_NAMED).join(', ')}${names.length > MAX_NAMED ? ` and ${names.length - MAX_NAMED} more` : ''}`;
    flags.push({
      flag: 'designated_medical_event', node, source: 'sider', snapshot_id: dme.snapshot_id, terms: names, affects_confidence: measured.length > 0,
      statement: `SIDER 4.1 lists serious side effects of ${label} on its labels that are on the ${DME_LIST}, ${DME_TERMS_HELD} held: ${listed}. `
        + (measured.length > 0
          ? `The label's controlled frequencies put ${measured.join(', ')} higher on drug than on placebo: a measured harm; it cannot be high confidence.`
          : 'No label frequency puts them above placebo: shown, not scored.'),
    });
  }
  return flags;
}
