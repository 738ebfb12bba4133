// How the start-up seed import is named to users while it runs: in /api/ready and in the 503 a module
// answers meanwhile (so a user reads one message, not "import and activate the ppi resource").
export const SEED_PRELOAD = 'biomed_seed';

export function seedImportProgress(done: number, total: number): string {
  return `seed import: ${done} of ${total} snapshots`;
}

export function stillImportingDetail(progress: string | undefined): string {
  return `the bundled data is still importing (${progress ?? 'seed import starting'}); try again shortly`;
}
