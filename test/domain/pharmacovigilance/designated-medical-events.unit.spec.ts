// The EMA Designated Medical Event list the service holds (issue 33): the whole list (62 preferred terms),
// derived from the shared transcription by scripts/derive-dme.ts, and its matching rule (MedDRA PT code when
// given, else exact case-insensitive PT name, nothing fuzzy).
import { expect } from 'chai';
import fs from 'node:fs';
import path from 'node:path';
import { DESIGNATED_MEDICAL_EVENT_CODES, DESIGNATED_MEDICAL_EVENT_TERMS, DME_LIST, designatedMedicalEvent } from '../../../domain/pharmacovigilance/designated-medical-events';
import { safetyFlagsFor } from '../../../domain/workspace/safety-flags';
import { deriveDme, dmeJson, DME_OUT_FILE, DME_SOURCE_FILE } from '../../../scripts/derive-dme';

describe('pharmacovigilance: the EMA Designated Medical Event list', function () {
  it('is the committed output of scripts/derive-dme.ts on the shared dme_pts.json (not re-typed)', function () {
    if (!fs.existsSync(DME_SOURCE_FILE)) {
      console.log(`      skipped: ${DME_SOURCE_FILE} is absent (set SHARED_DATA_DIR to the shared/data folder)`);
      this.skip();
    }
    const source = fs.readFileSync(DME_SOURCE_FILE, 'utf8');
    expect(fs.readFileSync(DME_OUT_FILE, 'utf8'), `${path.basename(DME_OUT_FILE)} is stale: run npm run dme:derive`).to.equal(dmeJson(deriveDme(source)));
    // Read here on its own: every name of the file's pts, with its code, in the file's order.
    const raw = JSON.parse(source) as { pts: string[]; codes: Record<string, number> };
    expect(DESIGNATED_MEDICAL_EVENT_TERMS).to.deep.equal(raw.pts);
    expect(DESIGNATED_MEDICAL_EVENT_CODES).to.deep.equal(raw.pts.map((name) => String(raw.codes[name])));
  });

  it('holds all 62 terms, past "Oedematous pancreatitis" too (Stevens-Johnson syndrome, TEN, torsade de pointes, PML)', function () {
    expect(DESIGNATED_MEDICAL_EVENT_TERMS).to.have.length(62);
    // MedDRA PT codes as published by MedDRA (checked by hand, not read from the list).
    for (const [name, code] of [['Stevens-Johnson syndrome', '10042033'], ['Toxic epidermal necrolysis', '10044223'],
      ['Torsade de pointes', '10044066'], ['Progressive multifocal leukoencephalopathy', '10036807'], ['Acute hepatic failure', '10000804']]) {
      expect(designatedMedicalEvent({ name: name! }), name).to.deep.equal({ pt_name: name!.toLowerCase(), pt_code: code, matched_by: 'pt_name' });
    }
    expect(DME_LIST).to.contain('EMA/326038/2020').and.contain('2020-06-15').and.contain('European Medicines Agency');
  });

  it('matches by PT code when one is given, else by exact case-insensitive PT name, and never a near miss', function () {
    expect(designatedMedicalEvent({ name: 'anything', meddraPtCode: '10042033' })).to.include({ pt_name: 'stevens-johnson syndrome', matched_by: 'pt_code' });
    expect(designatedMedicalEvent({ name: 'Stevens-Johnson syndrome', meddraPtCode: '10000001' }), 'a code decides when given').to.equal(undefined);
    expect(designatedMedicalEvent({ name: '  STEVENS-JOHNSON SYNDROME ' })).to.include({ pt_code: '10042033', matched_by: 'pt_name' });
    expect(designatedMedicalEvent({ name: "Reye's syndrome" })).to.include({ pt_code: '10039012' });
    for (const nearMiss of ['Stevens Johnson syndrome', 'Stevens-Johnson syndromes', 'Torsades de pointes', 'Hepatic failure acute', 'Pancreatitis chronic']) {
      expect(designatedMedicalEvent({ name: nearMiss }), nearMiss).to.equal(undefined);
    }
  });

  it('names the list, its document number and date in every designated_medical_event flag', function () {
    const [flag] = safetyFlagsFor('Carbamazepine', 'DRUGBANK:DB00564', { designatedMedicalEvents: new Map([['DRUGBANK:DB00564', {
      snapshot_id: 'snap-sider', effects: [{ name: 'Stevens-Johnson syndrome', meddra_id: 'UMLS:C0038325', placebo_verdict: null }],
    }]]) });
    expect(flag).to.include({ flag: 'designated_medical_event', affects_confidence: false });
    expect(flag!.statement).to.contain('European Medicines Agency Designated Medical Event list (EMA/326038/2020, 2020-06-15)')
      .and.contain('all 62 of its MedDRA preferred terms held').and.contain('Stevens-Johnson syndrome');
  });
});
