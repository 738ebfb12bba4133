// /api/v1/comparisons: compare two conditions over the active snapshots and record the result as an
// immutable research run (POST), then fetch a run by its id (GET). A second POST is a second run.
import { BIOMED_DISCLAIMER } from '../../domain/biomed/disclaimer';
import type { RecordComparisonResult } from '../../commands/biomed/record-comparison';
import type { CommandContext } from '../../commands/shared/command-context';
import type { ResearchRunView } from '../../infra/biomed/read/research-runs';
import { eventPrincipal } from '../auth/principal';
import type { RouteDefinition } from '../http/registry';
import { requestCommandContext } from '../middleware/correlation';
import { activeSnapshotsProperty, comparisonBody, notFoundSchema, runIdParams, withDisclaimer } from './schemas';

const tags = ['biomed'];
const labelled = { type: 'array', items: { type: 'object', properties: { curie: { type: 'string' }, label: { type: ['string', 'null'] } } } };
const runSchema = withDisclaimer({
  run_id: { type: 'string', format: 'uuid' }, kind: { enum: ['comparison'] }, status: { enum: ['completed'] }, stream_id: { type: 'string' },
  left_curie: { type: 'string' }, right_curie: { type: 'string' }, created_at: { type: 'string' },
  snapshots: activeSnapshotsProperty,
  result: {
    type: 'object',
    description: 'left/right (curie, label, mondo_curie, equivalents, phenotype_count, contradicted_phenotypes), shared_phenotypes, '
      + 'left_only_phenotypes, right_only_phenotypes, phenotype_jaccard (null when both sets are empty), shared_ancestors (IS_A, with distances)',
    properties: { shared_phenotypes: labelled, left_only_phenotypes: labelled, right_only_phenotypes: labelled, phenotype_jaccard: { type: ['number', 'null'] }, shared_ancestors: labelled },
  },
}, ['run_id', 'kind', 'status', 'left_curie', 'right_curie', 'snapshots', 'result', 'created_at']);

export interface ComparisonRouteDeps {
  /** The record-comparison use case, bound to the store. */
  recordComparison(input: { leftCurie: string; rightCurie: string }, context: CommandContext): Promise<RecordComparisonResult>;
  researchRun(runId: string): Promise<ResearchRunView | undefined>;
}

export function comparisonRoutes(deps: ComparisonRouteDeps): RouteDefinition[] {
  return [
    {
      method: 'post', path: '/api/v1/comparisons', operationId: 'createComparison', tags, principal: 'optional',
      summary: 'Compare two conditions and record the comparison as an immutable research run',
      description: 'Phenotypes are the objects of supporting HAS_PHENOTYPE claims about each condition or an exactly mapped equivalent '
        + '(contradicting claims are listed apart); shared ancestors come from IS_A edges; all over the active snapshots, which the run names. '
        + '404 when a CURIE is unknown in the active snapshots.',
      body: comparisonBody,
      responses: {
        201: { description: 'The recorded run', schema: runSchema },
        404: { description: 'A CURIE is unknown in the active snapshots', schema: notFoundSchema },
      },
      handler: async ({ req, res, body, principal }) => {
        const { left_curie: leftCurie, right_curie: rightCurie } = body as { left_curie: string; right_curie: string };
        const context = requestCommandContext(req, principal ? eventPrincipal(principal) : { kind: 'system', id: 'api-v1' });
        const result = await deps.recordComparison({ leftCurie, rightCurie }, context);
        switch (result.kind) {
          case 'unknown_curies':
            res.status(404).json({ detail: `unknown in the active snapshots: ${result.missing.join(', ')}`, disclaimer: BIOMED_DISCLAIMER });
            return;
          case 'recorded':
            res.status(201).json({ ...result.stored, disclaimer: BIOMED_DISCLAIMER });
        }
      },
    },
    {
      method: 'get', path: '/api/v1/comparisons/{run_id}', operationId: 'getComparison', tags, access: 'public',
      summary: 'A recorded comparison run',
      params: runIdParams,
      responses: {
        200: { description: 'The run', schema: runSchema },
        404: { description: 'No such run', schema: notFoundSchema },
      },
      handler: async ({ params, res }) => {
        const run = await deps.researchRun(params.run_id);
        if (!run) { res.status(404).json({ detail: `no comparison run ${params.run_id}`, disclaimer: BIOMED_DISCLAIMER }); return; }
        res.json({ ...run, disclaimer: BIOMED_DISCLAIMER });
      },
    },
  ];
}
