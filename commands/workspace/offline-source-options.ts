// What answers a source when the provider is not asked (offline) or not reachable (auto): the local mirror
// of the providers' bulk releases (EVIDENCE_MIRROR_DIR, default the bundled seed slice of real records),
// or the synthetic corpus when EVIDENCE_CORPUS_DIR names it (tests and demos that want made-up examples).
// Without a mirror (EVIDENCE_MIRROR_DIR=none, or no manifest) the synthetic corpus is the fallback, as before.
import type { Settings } from '../../infra/config/settings';
import { type RunSourceOptions } from '../../infra/sources/source-runner';
import { defaultCorpusDir } from '../../infra/sources/offline-reader';
import { mirrorAt } from '../../infra/literature/mirror';

export function offlineSourceOptions(settings: Partial<Pick<Settings, 'evidenceCorpusDir' | 'evidenceMirrorDir'>>): Pick<RunSourceOptions, 'corpusDir' | 'mirror'> {
  if (settings.evidenceCorpusDir !== undefined) return { corpusDir: settings.evidenceCorpusDir };
  const mirror = settings.evidenceMirrorDir === null ? null : mirrorAt(settings.evidenceMirrorDir);
  return mirror ? { mirror } : { corpusDir: defaultCorpusDir() };
}
