// Words of a researcher's question worth searching for: stopwords, question words and the disease's own
// words removed. Shared by the provider query builders (infra/sources) and the offline relevance ranking.

const STOPWORDS = new Set(
  ('a about above after again against all also am an and any are as at be because been before being below between both but by can could did do does doing done during each few for from further had has have having how if in into is it its itself just may might more most much must no nor not now of off on once only or other our out over own same should so some such than that the their them then there these they this those through to too under until up upon very was we were what when where which while who whom whose why will with within without would yes you your ' +
    'evidence evidences show shows showing shown study studies data role roles effect effects use used using associated association related relation regarding known new novel current currently recent recently work works patient patients people disease diseases condition conditions treat treated treating treatment treatments therapy therapies drug drugs target targets potential possible best good better likely ' +
    'promising promise whether tell give find look compare compared versus vs please')
    .split(' '),
);

export function isStopword(word: string): boolean {
  return STOPWORDS.has(word.toLowerCase());
}

/** Lower-case word set of phrases (e.g. the disease's name and synonyms). */
export function wordSet(phrases: Iterable<string>): Set<string> {
  const words = new Set<string>();
  for (const phrase of phrases) for (const word of phrase.toLowerCase().split(/[^a-z0-9-]+/)) if (word) words.add(word);
  return words;
}

/**
 * Up to `max` search keywords from a question: words of 3+ characters (gene symbols like IL6, JAK1 or
 * TNF-alpha kept as written, two-character upper-case symbols too), stopwords and the excluded words
 * (e.g. the disease's own name words) removed, duplicates dropped case-insensitively, in question order.
 */
export function questionKeywords(question: string, exclude: Iterable<string> = [], max = 6): string[] {
  const excluded = wordSet(exclude);
  const seen = new Set<string>();
  const keywords: string[] = [];
  for (const raw of question.split(/[^A-Za-z0-9-]+/)) {
    const word = raw.replace(/^-+|-+$/g, '');
    const lower = word.toLowerCase();
    if (word.length < 3 && !/^[A-Z0-9]{2}$/.test(word)) continue;
    if (STOPWORDS.has(lower) || excluded.has(lower) || seen.has(lower) || /^\d+$/.test(word)) continue;
    seen.add(lower);
    keywords.push(word);
    if (keywords.length >= max) break;
  }
  return keywords;
}

/** The disease's own words (name and synonyms), to keep them out of question keywords. */
export function diseaseWords(disease: { name: string; synonyms: string[] }): string[] {
  return [disease.name, ...disease.synonyms];
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/**
 * The question with the disease's name and synonyms blanked out (whole words, case-insensitive, longest
 * first), so "rheumatoid arthritis" does not link the phenotype "Arthritis" or become a boost.
 */
export function withoutDiseaseNames(question: string, disease: { name: string; synonyms: string[] }): string {
  const names = diseaseWords(disease).filter((n) => n.trim().length > 0).sort((a, b) => b.length - a.length);
  let text = question;
  for (const name of names) {
    const pattern = escapeRegExp(name.trim()).replace(/\s+/g, '[\\s,-]+');
    const caseRule = /^[A-Z0-9]{2,4}$/.test(name.trim()) ? '' : 'i'; // "RA" as written, not "ra" in words
    text = text.replace(new RegExp(`(?<![A-Za-z0-9])${pattern}(?![A-Za-z0-9])`, `g${caseRule}`), ' ');
  }
  return text;
}
