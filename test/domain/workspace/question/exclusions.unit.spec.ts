import { expect } from 'chai';
import { detectExclusions } from '../../../../domain/workspace/question/exclusions';
import { graphLinker } from '../../../../domain/workspace/question/entity-linker';
import { sleGraph } from '../workspace-fixtures';

describe('question exclusions', function () {
  const linker = graphLinker(sleGraph());
  it('reads a drug the patients failed, and a class by its targets', function () {
    expect(detectExclusions('Options for lupus patients refractory to rituximab?', linker).map((x) => [x.phrase, x.drug_ids])).to.deep.equal([['rituximab', ['drug:rituximab']]]);
    const b = detectExclusions('What helps patients who failed B-cell depletion, and which targets matter?', linker);
    expect(b.map((x) => [x.concept, x.target_ids])).to.deep.equal([['b_cells', ['target:MS4A1', 'target:TNFSF13B']]]);
  });

  it('excludes nothing when the phrase names no drug or class ("after 12 weeks")', function () {
    expect(detectExclusions('Which drugs work in lupus after 12 weeks?', linker)).to.deep.equal([]);
  });
});
