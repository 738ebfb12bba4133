// `evidence disease validate [--dir D] [--json]`: loads every disease module the service would discover
// and reports which are usable. Exits 1 when any module is invalid.
import { DEFAULT_DISEASES_DIR, validateDirectory } from '../../infra/diseases/disease-registry';
import { printTable } from '../print';

export async function diseaseValidate(options: { dir?: string; json?: boolean }): Promise<void> {
  const report = validateDirectory(options.dir ?? DEFAULT_DISEASES_DIR);
  if (options.json) {
    console.log(JSON.stringify(report, null, 2));
  } else {
    printTable(['id', 'status', 'problems'], report.modules.map((m) => [
      m.id, m.valid ? 'valid' : 'invalid', m.problems.length > 0 ? `${m.problems.join('; ')} (${m.file})` : '',
    ]));
    const { total, valid, invalid } = report.counts;
    console.log(`\n${total} module(s) in ${report.dir}: ${valid} valid, ${invalid} invalid`);
  }
  if (report.counts.invalid > 0) process.exitCode = 1;
}
