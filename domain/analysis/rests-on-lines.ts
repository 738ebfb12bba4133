// What a module result rests on, said first (issue 30 "what it rests on, first"): the lines the API itself
// returns about its numbers — the module's `note` ("6 of 6 articles are synthetic…"), an extrapolation
// warning, records flagged synthetic, predictions that are in-sample fitted values, notes on floors and
// multiplicity, a dossier-style `rests_on` headline — gathered into one banner at the top of the result,
// and into the head of every export of it (TSV "# " lines, a JSON `rests_on` list). Nothing is inferred
// beyond what the result says; a result that says nothing of the kind gets no banner. Pure: the dashboard
// draws the banner (dashboard/src/views/analysis/rests-on.ts).

export type RestsOnKind = 'note' | 'synthetic' | 'in-sample' | 'extrapolated' | 'partial';
/** `own`: the module's own `note` field, said as "Note: …" in its words. */
export interface RestsOnLine { kind: RestsOnKind; text: string; own?: boolean }

type Row = Record<string, unknown>;

const isRecord = (v: unknown): v is Row => typeof v === 'object' && v !== null && !Array.isArray(v);
const str = (v: unknown): string | null => (typeof v === 'string' && v.trim() !== '' ? v : null);

export function restsOnLines(result: unknown): RestsOnLine[] {
  if (!isRecord(result)) return [];
  const lines: RestsOnLine[] = [];
  const dossier = isRecord(result.rests_on) ? result.rests_on : null;
  if (dossier && dossier.real_and_complete === false && str(dossier.headline)) lines.push({ kind: 'partial', text: dossier.headline as string });
  const note = str(result.note);
  if (note) lines.push({ kind: /synthetic/i.test(note) ? 'synthetic' : 'note', text: note, own: true });
  if (isRecord(result.warning) && str(result.warning.message)) {
    lines.push({ kind: result.warning.kind === 'extrapolated' ? 'extrapolated' : 'note', text: result.warning.message as string });
  }
  for (const [key, list] of Object.entries(result)) {
    if (!Array.isArray(list) || list.length === 0 || !list.every(isRecord)) continue;
    const name = key.replace(/_/g, ' ');
    const synthetic = list.filter((r) => r.synthetic === true || (isRecord(r.provenance) && r.provenance.synthetic === true)).length;
    // The module's note already says it when it names the synthetic records; the count is added otherwise.
    if (synthetic > 0 && !(note && /synthetic/i.test(note))) lines.push({ kind: 'synthetic', text: `${synthetic} of ${list.length} ${name} are synthetic examples, not real records: they illustrate the method only` });
    const inSample = list.filter((r) => r.in_sample === true).length;
    if (inSample > 0) lines.push({ kind: 'in-sample', text: `${inSample} of ${list.length} ${name} are in-sample: the model was trained on these pairs, so their scores are fitted values, not predictions` });
  }
  for (const key of ['similarity_floor', 'multiplicity']) {
    const block = result[key];
    if (isRecord(block) && str(block.note)) lines.push({ kind: 'note', text: block.note as string });
  }
  return lines;
}

export const RESTS_ON_LABEL: Record<RestsOnKind, string> = { note: 'Note', synthetic: 'Synthetic', 'in-sample': 'In-sample', extrapolated: 'Extrapolated', partial: 'Partial' };

/** The head of a TSV export: one "# " comment line per banner line (tabs and breaks flattened). */
export function restsOnTsvHead(lines: readonly RestsOnLine[]): string {
  return lines.map((l) => `# ${l.own ? 'Note' : RESTS_ON_LABEL[l.kind]}: ${l.text.replace(/[\t\r\n]+/g, ' ')}\n`).join('');
}

const escape = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** An HTML report of a result with its banner first: right after <body> (prepended when there is none); unchanged when the result says nothing. */
export function withRestsOnBanner(html: string, result: unknown): string {
  const lines = restsOnLines(result);
  if (lines.length === 0) return html;
  const banner = '<div class="rests-on" role="note" id="rests-on" style="border-left:4px solid #b45309;background:#fff7ed;color:#7c2d12;padding:.5rem .75rem">'
    + `<strong>What these numbers rest on</strong><ul>${lines.map((l) => `<li>${escape(l.own ? 'Note' : RESTS_ON_LABEL[l.kind])}: ${escape(l.text)}</li>`).join('')}</ul></div>`;
  const body = /<body[^>]*>/i.exec(html);
  return body ? html.slice(0, body.index + body[0].length) + banner + html.slice(body.index + body[0].length) : banner + html;
}
