// The external hold-out of link prediction (ChEMBL approved indications absent from PharmacotherapyDB), built by hand.
import { expect } from 'chai';
import { buildHoldOut } from '../../../domain/link-prediction/external-holdout';
import { csvCells } from '../../../infra/biomed/chembl-holdout-files';

describe('link prediction: external hold-out from ChEMBL phase-4 indications', () => {
  it('keeps approved indications of graph compounds for treated diseases, minus PharmacotherapyDB pairs, and counts what it drops', () => {
    const holdOut = buildHoldOut({
      indications: [
        { efo: 'EFO:1', maxPhase: 4, chembl: 'CHEMBL1' }, // DB1 × disease 100: a positive
        { efo: 'EFO:1', maxPhase: 3, chembl: 'CHEMBL2' }, // phase 3: not approved, ignored
        { efo: 'EFO:1', maxPhase: 4, chembl: 'CHEMBL9' }, // no DrugBank id
        { efo: 'EFO:1', maxPhase: 4, chembl: 'CHEMBL3' }, // DrugBank id not in the graph
        { efo: 'EFO:2', maxPhase: 4, chembl: 'CHEMBL1' }, // EFO:2 maps to no treated disease
        { efo: 'MONDO:0000200', maxPhase: 4, chembl: 'CHEMBL2' }, // a MONDO id directly; but DB2 × 200 is in PharmacotherapyDB
        { efo: 'EFO:1', maxPhase: 4, chembl: 'CHEMBL1' }, // a duplicate row: one pair
      ],
      efoToMondo: new Map([['EFO:1', ['MONDO:0000100']], ['EFO:2', ['MONDO:0000999']]]),
      chemblToDrugbank: new Map([['CHEMBL1', ['DB1']], ['CHEMBL2', ['DB2']], ['CHEMBL3', ['DB3']]]),
      compoundRow: new Map([['DRUGBANK:DB1', 0], ['DRUGBANK:DB2', 1]]),
      diseaseNode: new Map([['MONDO:0000100', 100], ['MONDO:0000200', 200]]),
      labelled: (row, disease) => row === 1 && disease === 200,
    });
    expect([...holdOut.positives].map(([d, rows]) => [d, [...rows]])).to.deep.equal([[100, [0]]]);
    expect(holdOut.counts).to.deep.equal({ phase4_rows: 6, no_drugbank: 1, no_graph_compound: 1, no_treated_disease: 1, in_pharmacotherapydb: 1, pairs: 1 });
  });

  it('reads quoted CSV cells', () => {
    expect(csvCells('EFO:0000685,"arthritis, rheumatoid",4.0,CHEMBL1')).to.deep.equal(['EFO:0000685', 'arthritis, rheumatoid', '4.0', 'CHEMBL1']);
    expect(csvCells('a,"say ""hi""",')).to.deep.equal(['a', 'say "hi"', '']);
  });
});
