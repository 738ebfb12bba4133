// GET /api/monitor/status and /api/monitor/diff: a disease's snapshots, read back from its stream, and the
// difference between two of them (by default the previous and the latest).
import { diffSnapshots, MonitorSnapshot, monitorStream } from '../../domain/operations/monitor';
import type { EventStore } from '../../infra/event-store/event-store';

export async function monitorSnapshots(store: Pick<EventStore, 'readStream'>, diseaseId: string): Promise<MonitorSnapshot[]> {
  return (await store.readStream(monitorStream(diseaseId))).filter((e) => e.type === 'MonitorSnapshotTaken').map((e) => e.data as MonitorSnapshot);
}

const total = (s: MonitorSnapshot) => Object.values(s.sources).reduce((n, x) => n + x.record_count, 0);

export async function monitorStatus(store: Pick<EventStore, 'readStream'>, diseaseId: string, intervalHours: number) {
  const snapshots = await monitorSnapshots(store, diseaseId);
  return {
    disease_id: diseaseId, interval_hours: intervalHours,
    snapshots: snapshots.map((s) => ({ snapshot_id: s.snapshotId, at: s.at, trigger: s.trigger, records: total(s) })).reverse(),
    latest: snapshots.at(-1) ?? null,
  };
}

export type DiffOutcome = { kind: 'ok'; diff: ReturnType<typeof diffSnapshots> } | { kind: 'not_found'; detail: string };

export async function monitorDiff(store: Pick<EventStore, 'readStream'>, diseaseId: string, fromId?: string, toId?: string): Promise<DiffOutcome> {
  const snapshots = await monitorSnapshots(store, diseaseId);
  const toIndex = toId === undefined ? snapshots.length - 1 : snapshots.findIndex((s) => s.snapshotId === toId);
  const fromIndex = fromId === undefined ? toIndex - 1 : snapshots.findIndex((s) => s.snapshotId === fromId);
  const to = toIndex >= 0 ? snapshots[toIndex] : undefined;
  const from = fromIndex >= 0 ? snapshots[fromIndex] : undefined;
  if (!to || !from) {
    const missing = toId && !to ? `no snapshot '${toId}'` : fromId && !from ? `no snapshot '${fromId}'` : 'fewer than two snapshots';
    return { kind: 'not_found', detail: `${missing} of disease '${diseaseId}': take one with POST /api/monitor/snapshot?disease_id=${diseaseId}` };
  }
  return { kind: 'ok', diff: diffSnapshots(from, to) };
}
