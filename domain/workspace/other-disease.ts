// A record about another disease is not evidence for the question's (issue 28; docs/scoring.md §2, "Records about
// another disease"). The mirror's search for one disease returns records whose abstract mentions it in passing:
// "Efficacy and safety of fluticasone furoate/vilanterol or tiotropium in subjects with COPD at cardiovascular risk"
// (PMC4694692) was an asthma record. The rule, on the title only (what the record is about): a title that names
// another disease of the service's disease modules (its name or a synonym) and none of the question's disease names
// is about that other disease, and the record is left out with a warning. A title that names both ("... in patients
// with asthma and COPD") or neither is kept: absence of a disease name says nothing.
// Names are matched as whole words, case-insensitively; an abbreviation (no lower-case letter) only as written and
// only from three letters ("COPD", "SLE", "PsA" is written so), as "MS", "PD" or "AS" are too often something else.

export interface DiseaseNames {
  id: string;
  name: string;
  synonyms: readonly string[];
}

function escape(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

function nameRegex(name: string): RegExp | null {
  const n = name.replace(/[\u2019\u2018]/g, "'").trim();
  const abbreviation = !/\p{Ll}/u.test(n) || /^\p{Lu}\p{Ll}\p{Lu}+$/u.test(n); // COPD, SLE, PsA, PsO
  if (abbreviation && n.replace(/[^\p{L}\p{N}]/gu, '').length < 3) return null;
  return new RegExp(`(?<![\\p{L}\\p{N}])${escape(n)}(?![\\p{L}\\p{N}])`, abbreviation ? 'u' : 'iu');
}

function namesOf(disease: DiseaseNames): RegExp[] {
  return [disease.name, ...disease.synonyms].map(nameRegex).filter((r): r is RegExp => r !== null);
}

/** A title classifier for one question's disease: the other disease the title is about, or undefined. */
export function otherDiseaseOfTitle(question: DiseaseNames, others: readonly DiseaseNames[]): (title: string) => DiseaseNames | undefined {
  const own = namesOf(question);
  const rest = others.filter((o) => o.id !== question.id).map((o) => ({ disease: o, names: namesOf(o) }));
  return (rawTitle) => {
    const title = rawTitle.replace(/[\u2019\u2018]/g, "'");
    if (own.some((r) => r.test(title))) return undefined;
    return rest.find((o) => o.names.some((r) => r.test(title)))?.disease;
  };
}
