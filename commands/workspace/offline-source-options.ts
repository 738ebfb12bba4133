// What answers a source when the provider is not asked (offline) or not reachable (auto): the local mirror
// of the providers' bulk releases — the biomedical store's active literature snapshots (pubmed, pmc,
// clinical_trials, openfda_labels) when a database is at hand and holds them, else the file mirror of
// EVIDENCE_MIRROR_DIR (default the bundled seed slice of real records) — or the synthetic corpus when
// EVIDENCE_CORPUS_DIR names it (tests and demos that want made-up examples). Without a mirror
// (EVIDENCE_MIRROR_DIR=none, or no manifest) the synthetic corpus is the fallback, as before.
// EVIDENCE_LIVE_MIRROR_DIR (opt-in) adds the live-answer layer: live answers are written through to it and
// answer the same query offline, over the bulk mirror and never mixed with it (infra/literature/live-answers.ts).
import type { Knex } from 'knex';
import type { Settings } from '../../infra/config/settings';
import { type RunSourceOptions } from '../../infra/sources/source-runner';
import { defaultCorpusDir } from '../../infra/sources/offline-reader';
import { mirrorAt } from '../../infra/literature/mirror';
import { StoreMirror } from '../../infra/literature/store-mirror';
import { LayeredMirror, LiveAnswerLayer } from '../../infra/literature/live-answers';

const storeMirrors = new WeakMap<Knex, Map<unknown, StoreMirror>>();

type MirrorSettings = Partial<Pick<Settings, 'evidenceCorpusDir' | 'evidenceMirrorDir' | 'evidenceLiveMirrorDir'>>;

export function offlineSourceOptions(settings: MirrorSettings, knex?: Knex): Pick<RunSourceOptions, 'corpusDir' | 'mirror' | 'liveAnswers'> {
  const bulk = bulkSourceOptions(settings, knex);
  if (!settings.evidenceLiveMirrorDir || settings.evidenceCorpusDir !== undefined) return bulk;
  const live = new LiveAnswerLayer(settings.evidenceLiveMirrorDir);
  return { mirror: new LayeredMirror(live, bulk.mirror ?? null), liveAnswers: live };
}

function bulkSourceOptions(settings: MirrorSettings, knex?: Knex): Pick<RunSourceOptions, 'corpusDir' | 'mirror'> {
  if (settings.evidenceCorpusDir !== undefined) return { corpusDir: settings.evidenceCorpusDir };
  if (settings.evidenceMirrorDir === null) return { corpusDir: defaultCorpusDir() };
  const files = mirrorAt(settings.evidenceMirrorDir);
  if (!files) return { corpusDir: defaultCorpusDir() };
  if (!knex) return { mirror: files };
  // one store mirror per database and file mirror (it holds no state but the two handles)
  let byFiles = storeMirrors.get(knex);
  if (!byFiles) { byFiles = new Map(); storeMirrors.set(knex, byFiles); }
  let mirror = byFiles.get(files);
  if (!mirror) { mirror = new StoreMirror(knex, files); byFiles.set(files, mirror); }
  return { mirror };
}
