// Whether a record's text names a disease by one of the terms its module searches the provider with
// (search.pubmed.terms, search.clinical_trials condition/terms, search.fda_labels indication_terms): whole
// words, case-insensitive; a short upper-case term ("T2D", "SLE") only as written, so "sle" in "sleep" or
// "Ms." never counts. Used to cut the seed slice and to answer a disease query from the local mirror.
import type { DiseaseModule } from '../../domain/diseases/disease-module';
import type { SourceName } from '../../domain/workspace/sources';

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

function termPattern(term: string): RegExp {
  const acronym = /^[A-Z0-9]{2,5}$/.test(term);
  const body = term.trim().split(/\s+/).map(escape).join('[\\s-]+').replace(/'/g, "['’]?");
  return new RegExp(`(?<![A-Za-z0-9])${body}(?![A-Za-z0-9])`, acronym ? '' : 'i');
}

export type TextMatcher = (text: string) => boolean;

export function termMatcher(terms: readonly string[]): TextMatcher {
  const patterns = [...new Set(terms.map((t) => t.trim()).filter((t) => t.length >= 2))].map(termPattern);
  return (text) => patterns.some((p) => p.test(text));
}

/** The terms a source's mirror is searched with for a disease (what the live query would require). */
export function diseaseTerms(source: SourceName, disease: DiseaseModule): string[] {
  switch (source) {
    case 'pubmed':
      return [...(disease.search.pubmed?.terms ?? []), ...(disease.search.pubmed?.mesh_terms ?? [])];
    case 'clinical_trials': {
      const config = disease.search.clinical_trials;
      return config ? [config.condition, ...(config.terms ?? [])] : [];
    }
    case 'fda_labels':
      return [...(disease.search.fda_labels?.indication_terms ?? [])];
    default:
      return [];
  }
}
