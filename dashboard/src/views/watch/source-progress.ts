// Per-source status while a dossier is being built: the requested sources start as "waiting", each
// progress message "<source>: <status> (<n> records)" fills one in as it arrives, and the run's own
// source statuses (GET /api/workspace/runs/{id}) add warnings when they are recorded.
import { h, replace } from '../../core/dom';

export interface SourceRow {
  source: string;
  status: string;
  record_count: number | null;
  warning: string | null;
}

const MESSAGE = /^([a-z_]+): (ok|warning|error|skipped) \((\d+) records?\)$/;

export class SourceProgress {
  readonly element = h('ul', { class: 'source-progress', 'data-testid': 'source-progress' });
  private readonly rows = new Map<string, SourceRow>();

  expect(sources: string[]): void {
    for (const source of sources) if (!this.rows.has(source)) this.rows.set(source, { source, status: 'waiting', record_count: null, warning: null });
    this.draw();
  }

  /** Reads a progress message; true when it named a source. */
  fromMessage(message: string): boolean {
    const match = MESSAGE.exec(message);
    if (!match) return false;
    const [, source = '', status = '', count = '0'] = match;
    const known = this.rows.get(source);
    this.rows.set(source, { source, status, record_count: Number(count), warning: known?.warning ?? null });
    this.draw();
    return true;
  }

  fromStatuses(statuses: { source: string; status: string; record_count?: number; warning?: string | null }[]): void {
    for (const s of statuses) {
      this.rows.set(s.source, { source: s.source, status: s.status, record_count: s.record_count ?? null, warning: s.warning ?? null });
    }
    this.draw();
  }

  private draw(): void {
    replace(this.element, [...this.rows.values()].map((row) =>
      h('li', { 'data-testid': `source-${row.source}`, 'data-status': row.status },
        h('span', { class: 'source-name' }, row.source),
        h('span', { class: `tag status-${row.status}` }, row.status),
        row.record_count === null ? null : h('span', { class: 'muted' }, `${row.record_count} records`),
        row.warning ? h('span', { class: 'warning source-warning' }, row.warning) : null)));
  }
}
