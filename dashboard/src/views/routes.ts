// Every view of the dashboard and the fragment that shows it (#runs/{run_id} etc.).
import { route } from '../core/router';

export function registerRoutes(): void {
  route('ask', 'Ask', async (ctx) => (await import('./ask/ask.view')).askView(ctx));
  route('jobs/:job_id', 'Job progress', async (ctx) => (await import('./watch/watch.view')).watchView(ctx));
  route('runs/:run_id', 'Dossier', async (ctx) => (await import('./dossier/dossier.view')).dossierView(ctx));
  route('trends', 'Trends', async (ctx) => (await import('./trends/trends.view')).trendsView(ctx));
  route('history', 'Candidate history', async (ctx) => (await import('./history/history.view')).historyView(ctx));
  route('biomed', 'Conditions', async (ctx) => (await import('./biomed/search.view')).searchView(ctx));
  route('biomed/conditions/:curie', 'Condition', async (ctx) => (await import('./biomed/condition.view')).conditionView(ctx));
  route('biomed/snapshots', 'Snapshots', async (ctx) => (await import('./biomed/snapshots.view')).snapshotsView(ctx));
  route('biomed/snapshots/:snapshot_id', 'Import report', async (ctx) => (await import('./biomed/snapshot-report.view')).snapshotReportView(ctx));
  route('analysis', 'Analysis', async (ctx) => (await import('./analysis/analysis-list.view')).analysisListView(ctx));
  route('analysis/run-all', 'Run all modules', async (ctx) => (await import('./analysis/run-all.view')).runAllView(ctx));
  route('analysis/:module', 'Analysis', async (ctx) => (await import('./analysis/analysis.view')).analysisView(ctx));
  route('graph/:disease', 'Graph explorer', async (ctx) => (await import('./graph/graph-explorer.view')).graphExplorerView(ctx));
  route('entity/:id', 'Entity', async (ctx) => (await import('./entity/entity.view')).entityView(ctx));
  route('runs', 'Runs', async (ctx) => (await import('./runs/runs.view')).runsView(ctx));
  route('compare', 'Compare', async (ctx) => (await import('./compare/compare.view')).compareView(ctx));
  route('alerts', 'Alerts', async (ctx) => (await import('./alerts/alerts.view')).alertsView(ctx));
  route('settings', 'Notifications', async (ctx) => (await import('./settings/settings.view')).settingsView(ctx));
  route('digest', 'Digest', async (ctx) => (await import('./digest/digest.view')).digestView(ctx));
  route('digest/:period', 'Digest', async (ctx) => (await import('./digest/digest.view')).digestView(ctx));
}
