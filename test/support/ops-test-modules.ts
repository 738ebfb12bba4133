// Stand-in modules for the operations tests (export, disease administration): results with text that
// must be escaped in HTML and kept byte for byte in JSON (markup, non-ASCII).
import type { ModuleDefinition } from '../../commands/jobs/module-registry';
import { testModules } from './test-modules';

export const notesModule: ModuleDefinition = {
  id: 'notes',
  aliases: ['legacy_notes'],
  title: 'Notes <b>module</b>',
  description: 'Returns a note mentioning its disease and a counter',
  querySchema: {
    type: 'object',
    properties: {
      disease_id: { type: 'string', pattern: '^[a-z0-9_]{1,64}$', default: 'sle' },
      n: { type: 'integer', minimum: 0, maximum: 1000, default: 1 },
    },
  },
  contract: { resultSchema: { type: 'object' }, description: 'a note' },
  availability: () => ({ available: true }),
  async run({ params }) {
    return { disease: params.disease_id, n: params.n, note: '<script>alert("x")</script> naïve ✓ µg/L', nested: { list: [1, 2.5, null] } };
  },
};

/** A module whose output (read from a damaged file, say) holds text PostgreSQL cannot store. */
export const unstorableModule: ModuleDefinition = {
  ...notesModule,
  id: 'unstorable',
  aliases: [],
  title: 'Unstorable text',
  async run() {
    return { label: 'half a pair \uD800 and a NUL \u0000', ['key\uDC00']: 'ok \uD83D\uDE00' };
  },
};

export const opsTestModules: readonly ModuleDefinition[] = [...testModules, notesModule, unstorableModule];
