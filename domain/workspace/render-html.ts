// The dossier as a complete, print-friendly HTML document (pure). No scripts and no inline styles: the
// shared print stylesheet is linked. Every string taken from the dossier is HTML-escaped, and only
// http(s) URLs become links. The research-only disclaimer is the first thing in the body.
import type { CandidateRanking, Claim, Dossier, EvidenceItem, GraphExplanation } from './dossier-types';

export const PRINT_STYLESHEET_HREF = '/api/export/report/workspace/print.css';
export const EMPTY_SECTION_TEXT = 'No data imported for this section';

export function escapeHtml(value: unknown): string {
  return String(value ?? '')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}

/** The URL when it is an absolute http(s) URL, else null (javascript:, data:, relative, malformed...). */
export function safeHttpUrl(value: string): string | null {
  const trimmed = value.trim();
  if (!/^https?:\/\//i.test(trimmed)) return null;
  try {
    const url = new URL(trimmed);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : null;
  } catch {
    return null;
  }
}

function link(url: string, text: string): string {
  const safe = safeHttpUrl(url);
  return safe ? `<a href="${escapeHtml(safe)}" rel="noopener noreferrer">${escapeHtml(text)}</a>` : escapeHtml(text);
}

const empty = `<p class="empty">${EMPTY_SECTION_TEXT}</p>`;

function list(items: readonly string[]): string {
  return items.length === 0 ? empty : `<ul>${items.map((i) => `<li>${escapeHtml(i)}</li>`).join('')}</ul>`;
}

function section(id: string, title: string, body: string): string {
  return `<section id="${id}"><h2>${escapeHtml(title)}</h2>${body}</section>`;
}

/** How the question was read and used (dossier 1.2 question_analysis); nothing for older dossiers. */
function questionRows(d: Dossier): [string, string][] {
  const q = d.question_analysis;
  if (!q) return [];
  const entities = q.entities.map((e) => `${e.label}${e.id ? '' : ' (not in the graph)'} — "${e.matched}"`).join('; ');
  const offline = Object.entries(q.offline_relevance)
    .filter(([, note]) => note?.entity_filter)
    .map(([source, note]) => `${source} ${note!.kept} of ${note!.of}`)
    .join('; ');
  return [
    ['Question intent', q.intent],
    ['Question entities', entities || 'none: the disease alone was searched, the question\'s words only ranked the records'],
    ...(offline ? [['Offline records naming the question\'s entities', offline] as [string, string]] : []),
  ];
}

function requestSection(d: Dossier): string {
  const r = d.request;
  const rows: [string, string][] = [
    ['Question', r.question],
    ['Disease', `${d.disease.name} (${d.disease.id}; ${d.disease.mondo_id}; ${d.disease.efo_id})`],
    ['Sources', r.sources.join(', ')],
    ['Date range', `${r.date_from ?? 'any'} to ${r.date_to ?? 'any'}`],
    ['Candidate type', r.candidate_type],
    ['Maximum evidence records', String(r.max_evidence)],
    ['LLM enrichment', r.enable_llm ? 'enabled' : 'disabled'],
    ['Search terms', d.search_terms.join('; ') || 'none'],
    ...questionRows(d),
    ['Run', `${d.run_id} (started ${d.started_at}, completed ${d.completed_at})`],
  ];
  return section('request', 'Request', `<dl>${rows.map(([k, v]) => `<dt>${escapeHtml(k)}</dt><dd>${escapeHtml(v)}</dd>`).join('')}</dl>`);
}

function sourcesSection(d: Dossier): string {
  if (d.source_statuses.length === 0) return section('sources', 'Source statuses', empty);
  const rows = d.source_statuses.map((s) => `<tr><td>${escapeHtml(s.source)}</td><td>${escapeHtml(s.status)}</td><td>${escapeHtml(s.record_count)}</td>`
    + `<td>${escapeHtml(s.retrieval_mode ?? '—')}</td><td>${escapeHtml(s.query_terms.join('; '))}</td><td>${escapeHtml(s.warning ?? '')}</td><td>${escapeHtml(s.retrieved_at)}</td></tr>`);
  return section('sources', 'Source statuses', `<table><thead><tr><th>Source</th><th>Status</th><th>Records</th><th>Retrieval</th><th>Query terms</th><th>Warning</th><th>Retrieved</th></tr></thead><tbody>${rows.join('')}</tbody></table>`);
}

/** The answer's shape (schema 1.4): what the question asked for, before the rankings. */
function answerSection(d: Dossier): string {
  const a = d.answer;
  if (!a) return '';
  const parts: string[] = [`<p>${escapeHtml(a.statement)}</p>`];
  if (a.profile) {
    const p = a.profile;
    const phases = Object.entries(p.trials_by_phase).map(([k, v]) => `${k}: ${v}`).join(', ') || 'none retrieved';
    parts.push(`<h3>${escapeHtml(p.label)}: evidence profile</h3><dl>`
      + `<dt>Efficacy</dt><dd>${escapeHtml(p.efficacy.score.toFixed(2))} (${escapeHtml(p.efficacy.confidence_band)} confidence${p.efficacy.confidence_basis ? `: ${escapeHtml(p.efficacy.confidence_basis)}` : ''})</dd>`
      + `<dt>Safety</dt><dd>${escapeHtml([...p.safety.harm_citations, ...p.safety.boxed_warnings.map((b) => `boxed warning ${b}`), ...p.safety.flags].join('; ') || 'no harm among the retrieved records (absence of evidence, not evidence of safety)')}</dd>`
      + `<dt>Mechanism</dt><dd>${escapeHtml(p.mechanism.targets.join(', ') || 'none retrieved')}</dd>`
      + `<dt>Trials by phase</dt><dd>${escapeHtml(phases)}</dd></dl>`);
  }
  if (a.safety_ranking) {
    const rows = a.safety_ranking.map((r) => `<tr><td>${escapeHtml(r.rank)}</td><td>${escapeHtml(r.label)}</td><td>${escapeHtml(r.concern.toFixed(2))}</td><td>${escapeHtml(r.concern_band.replace(/_/g, ' '))}</td><td>${escapeHtml(r.statement)}${safetyTermsHtml(r.terms)}</td></tr>`);
    parts.push(`<h3>Safety ranking</h3><p>Harm concern (0–100): a heuristic, not a probability of harm.</p><table><thead><tr><th>Rank</th><th>Drug</th><th>Concern</th><th>Band</th><th>Why</th></tr></thead><tbody>${rows.join('')}</tbody></table>`);
  }
  if (a.set_apart.length > 0) {
    parts.push(`<h3>Set apart</h3><ul>${a.set_apart.map((s) => `<li>${escapeHtml(s.statement)} <small>(would have ranked #${escapeHtml(s.ranking.rank)}, score ${escapeHtml(s.ranking.score.toFixed(2))})</small></li>`).join('')}</ul>`);
  }
  return section('answer', 'Answer', parts.join(''));
}

function rankingTable(id: string, title: string, rankings: readonly CandidateRanking[]): string {
  if (rankings.length === 0) return section(id, title, empty);
  const rows = rankings.map((r) => {
    const components = Object.entries(r.component_scores).map(([k, v]) => `${k.replace(/_/g, ' ')}: ${v}`).join('; ');
    return `<tr><td>${escapeHtml(r.rank)}</td><td>${escapeHtml(r.label)}<br><small>${escapeHtml(r.candidate_id)}</small></td><td>${escapeHtml(r.score.toFixed(2))}</td>`
      + `<td>${escapeHtml(r.confidence_band)}${r.confidence_basis ? `<br><small>${escapeHtml(r.confidence_basis)}</small>` : ''}</td><td>${escapeHtml(components)}</td><td>${escapeHtml(r.explanation)}`
      + `${r.citation_ids.length > 0 ? `<br><small>Citations: ${escapeHtml(r.citation_ids.join(', '))}</small>` : ''}</td></tr>`;
  });
  return section(id, title, '<p>Scores are prioritization heuristics (0–100), not probabilities of benefit or safety.</p>'
    + `<table><thead><tr><th>Rank</th><th>Candidate</th><th>Score</th><th>Confidence</th><th>Components</th><th>Explanation</th></tr></thead><tbody>${rows.join('')}</tbody></table>`);
}

function pathHtml(e: GraphExplanation): string {
  if (e.status === 'found' && e.path) {
    // A step walked against its edge is drawn with the arrow pointing the edge's way (←), never as forward.
    const steps = e.path.relationships.map((rel, i) => {
      const label = `${escapeHtml(rel.relation)} <small>[${escapeHtml(rel.provenance)}]</small>`;
      return `${rel.direction === 'reverse' ? ` ←${label}—` : ` —${label}→`} ${escapeHtml(e.path!.nodes[i + 1]?.label ?? '')}`;
    }).join('');
    const cross = e.cross_disease ? ` <em>(cross_disease: through ${escapeHtml((e.via_diseases ?? []).map((d) => d.label).join(', '))}; scored less)</em>` : '';
    return `<li><strong>${escapeHtml(e.candidate_id)}</strong>: path found: ${escapeHtml(e.path.nodes[0]?.label ?? '')}${steps}${cross}</li>`;
  }
  return `<li><strong>${escapeHtml(e.candidate_id)}</strong>: no path found: ${escapeHtml(e.reason ?? '')}</li>`;
}

function claimHtml(c: Claim, evidenceById: ReadonlyMap<string, EvidenceItem>): string {
  const evidence = c.evidence_ids.map((id) => {
    const item = evidenceById.get(id);
    return item ? `${link(item.url, `${item.source} ${item.native_id}`)}${item.provenance?.synthetic ? ' (synthetic example)' : ''}` : escapeHtml(id);
  });
  return `<li><p><strong>${escapeHtml(c.subject.label)}</strong> ${escapeHtml(c.relationship.replace(/_/g, ' '))} <strong>${escapeHtml(c.object.label)}</strong>`
    + ` <small>(${escapeHtml(c.claim_id)}; ${escapeHtml(c.origin)})</small></p><p>${escapeHtml(c.statement)}</p>`
    + `<p>Citations: ${escapeHtml(c.citations.join(', ') || 'none')}. Evidence: ${evidence.join(', ')}</p></li>`;
}

function evidenceHtml(e: EvidenceItem): string {
  const also = e.also_found_in.length > 0
    ? `<br><small>Also found in: ${e.also_found_in.map((a) => link(a.url, `${a.source} ${a.native_id}`)).join(', ')}</small>` : '';
  const synthetic = e.provenance?.synthetic ? ' <strong class="synthetic">synthetic example</strong>' : '';
  const mirrored = e.provenance?.mode === 'mirror';
  const fallback = e.provenance?.fallback ? ` <strong class="fallback">provider unreachable: ${mirrored ? 'local mirror' : 'offline corpus'}</strong>` : '';
  const snapshot = mirrored && e.provenance?.snapshot_id ? `<br><small>local mirror, snapshot ${escapeHtml(e.provenance.snapshot_id)}</small>` : '';
  const outcome = e.outcome && e.outcome.class !== 'context'
    ? `<br><small>Outcome: <strong>${escapeHtml(e.outcome.class)}</strong>${e.outcome.statement ? ` — ${escapeHtml(e.outcome.statement)}` : ''}</small>` : '';
  return `<tr><td>${escapeHtml(e.evidence_id)}</td><td>${escapeHtml(e.source)}<br>${link(e.url, e.native_id)}${synthetic}${fallback}${snapshot}</td><td>${escapeHtml(e.title)}<br><small>${escapeHtml(e.snippet)}</small>${outcome}${also}</td>`
    + `<td>${escapeHtml(e.published ?? '—')}</td><td>${escapeHtml(e.evidence_type.replace(/_/g, ' '))}</td>`
    + `<td>${escapeHtml(e.quality_tier)} (${escapeHtml(e.quality_score.toFixed(2))})<br><small>${escapeHtml(e.quality_rationale)}</small></td></tr>`;
}

/** A complete HTML document for the dossier. */
export function renderDossierHtml(dossier: Dossier): string {
  const d = dossier;
  const evidenceById = new Map(d.evidence.map((e) => [e.evidence_id, e]));
  const title = `Evidence dossier: ${d.disease.name}: ${d.request.question}`;
  const parts: string[] = [];
  parts.push('<!DOCTYPE html>');
  parts.push('<html lang="en"><head><meta charset="utf-8">');
  parts.push('<meta name="viewport" content="width=device-width, initial-scale=1">');
  parts.push(`<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'self'; img-src 'self'; base-uri 'none'; form-action 'none'">`);
  parts.push(`<title>${escapeHtml(title)}</title>`);
  parts.push(`<link rel="stylesheet" href="${PRINT_STYLESHEET_HREF}">`);
  parts.push('</head><body>');
  parts.push(`<aside class="disclaimer" role="note"><p><strong>Disclaimer:</strong> ${escapeHtml(d.disclaimer)}</p></aside>`);
  // What the dossier rests on comes first when it is not real, complete evidence (issue 28).
  if (d.rests_on && !d.rests_on.real_and_complete) parts.push(`<div class="rests-on" role="alert" id="rests-on"><p><strong>What this rests on:</strong> ${escapeHtml(d.rests_on.headline)}</p></div>`);
  parts.push(`<header><h1>${escapeHtml(title)}</h1><p>Schema version ${escapeHtml(d.schema_version)}; run ${escapeHtml(d.run_id)}.</p></header>`);
  parts.push('<main>');
  parts.push(answerSection(d));
  parts.push(requestSection(d));
  parts.push(sourcesSection(d));
  parts.push(rankingTable('drug-rankings', 'Ranked drugs', d.drug_rankings));
  parts.push(rankingTable('target-rankings', 'Ranked targets', d.target_rankings));
  parts.push(section('graph-paths', 'Knowledge-graph paths', d.graph_explanations.length === 0 ? empty : `<ul>${d.graph_explanations.map(pathHtml).join('')}</ul>`));
  parts.push(section('claims', 'Claims', d.claims.length === 0 ? empty : `<ol>${d.claims.map((c) => claimHtml(c, evidenceById)).join('')}</ol>`));
  parts.push(section('evidence', 'Evidence', d.evidence.length === 0 ? empty
    : `<table><thead><tr><th>Id</th><th>Source</th><th>Title and snippet</th><th>Published</th><th>Type</th><th>Quality</th></tr></thead><tbody>${d.evidence.map(evidenceHtml).join('')}</tbody></table>`));
  parts.push(section('warnings', 'Warnings', list(d.warnings)));
  parts.push(section('limitations', 'Limitations', list(d.limitations)));
  const llm = d.manifest.llm;
  parts.push(section('provenance', 'Provenance', '<dl>'
    + `<dt>Fingerprint (${escapeHtml(d.manifest.provenance.algorithm)})</dt><dd><code>${escapeHtml(d.manifest.provenance.fingerprint)}</code></dd>`
    // Status and model only: the LLM's warnings are in the Warnings list above.
    + `<dt>LLM</dt><dd>${escapeHtml(llm.status)}${llm.model ? ` (${escapeHtml(llm.model)})` : ''}</dd>`
    + '</dl>'));
  parts.push('</main>');
  parts.push(`<footer><p>${escapeHtml(d.disclaimer)}</p></footer>`);
  parts.push('</body></html>');
  return parts.join('\n');
}

/** A safety row's terms, each with what it is and whether it counts in the concern (issue 28 §2). */
function safetyTermsHtml(terms: readonly { term: string; what: string; counted: boolean; score: number | null }[] | undefined): string {
  if (!terms || terms.length === 0) return '';
  const items = terms.map((t) => `<li><strong>${escapeHtml(t.term.replace(/_/g, ' '))}</strong> ${escapeHtml(t.counted ? `(counts, score ${t.score?.toFixed(2) ?? '–'})` : '(listed, not counted)')}: ${escapeHtml(t.what)}</li>`);
  return `<ul class="safety-terms">${items.join('')}</ul>`;
}
