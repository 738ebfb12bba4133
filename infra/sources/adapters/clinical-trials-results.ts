// ClinicalTrials.gov API v2: the parts of a study that say what happened, read from the provider's own
// fields (https://clinicaltrials.gov/data-api/about-api/study-data-structure):
//   resultsSection.outcomeMeasuresModule.outcomeMeasures[type=PRIMARY|SECONDARY].analyses[] → primary and
//     secondary analyses, one per posted analysis with its outcome measure's title (pValue, paramType, paramValue, ciLowerLimit, ciUpperLimit, ciPctValue, statisticalMethod,
//     nonInferiorityType), kept as posted; the domain decides what they mean (domain/workspace/trial-outcome.ts);
//   protocolSection.armsInterventionsModule: arm groups with their type (EXPERIMENTAL, ACTIVE_COMPARATOR,
//     PLACEBO_COMPARATOR, SHAM_COMPARATOR, NO_INTERVENTION, OTHER) and the interventions in each arm.
import type { TrialAdverseEvents, TrialAnalysis } from '../../../domain/workspace/sources';
import { arr, isObject, num, str } from '../response-fields';

const obj = (value: unknown): Record<string, unknown> => (isObject(value) ? value : {});

const COMPARATOR_ARM_TYPES = new Set(['ACTIVE_COMPARATOR', 'PLACEBO_COMPARATOR', 'SHAM_COMPARATOR', 'NO_INTERVENTION']);

/** The statistical analyses of the study's primary outcome measures, as posted (empty without results). */
export function primaryAnalyses(study: Record<string, unknown>): TrialAnalysis[] {
  return outcomeAnalyses(study, 'PRIMARY');
}

/** The statistical analyses of the study's secondary outcome measures, as posted (empty without results). */
export function secondaryAnalyses(study: Record<string, unknown>): TrialAnalysis[] {
  return outcomeAnalyses(study, 'SECONDARY');
}

function outcomeAnalyses(study: Record<string, unknown>, type: 'PRIMARY' | 'SECONDARY'): TrialAnalysis[] {
  const measures = arr(obj(obj(study.resultsSection).outcomeMeasuresModule).outcomeMeasures).map(obj);
  const out: TrialAnalysis[] = [];
  for (const measure of measures) {
    if (str(measure.type) !== type) continue;
    const outcome = str(measure.title) ?? `${type.toLowerCase()} outcome`;
    const groupTitles = new Map(arr(measure.groups).map(obj).map((g) => [str(g.id), str(g.title)]));
    for (const analysis of arr(measure.analyses).map(obj)) {
      const entry: TrialAnalysis = { outcome };
      const groups = arr(analysis.groupIds).map((id) => groupTitles.get(str(id)) ?? str(id)).filter((g): g is string => g !== undefined);
      if (groups.length > 0) entry.groups = groups;
      const pValue = str(analysis.pValue);
      const paramType = str(analysis.paramType);
      const paramValue = num(analysis.paramValue);
      const ciLower = num(analysis.ciLowerLimit);
      const ciUpper = num(analysis.ciUpperLimit);
      const ciPct = num(analysis.ciPctValue);
      const method = str(analysis.statisticalMethod);
      const type = str(analysis.nonInferiorityType);
      if (pValue) entry.pValue = pValue;
      if (paramType) entry.paramType = paramType;
      if (paramValue !== undefined) entry.paramValue = paramValue;
      if (ciLower !== undefined) entry.ciLower = ciLower;
      if (ciUpper !== undefined) entry.ciUpper = ciUpper;
      if (ciPct !== undefined) entry.ciPct = ciPct;
      if (method) entry.statisticalMethod = method;
      if (type) entry.nonInferiorityType = type;
      out.push(entry);
    }
  }
  return out;
}

/** Adverse events by arm as posted (resultsSection.adverseEventsModule.eventGroups); empty without results. */
export function adverseEventsByArm(study: Record<string, unknown>): TrialAdverseEvents[] {
  return arr(obj(obj(study.resultsSection).adverseEventsModule).eventGroups).map(obj).map((group) => {
    const entry: TrialAdverseEvents = { arm: str(group.title) ?? str(group.id) ?? 'arm' };
    const counts: [keyof Omit<TrialAdverseEvents, 'arm'>, unknown][] = [
      ['seriousAffected', group.seriousNumAffected], ['seriousAtRisk', group.seriousNumAtRisk],
      ['otherAffected', group.otherNumAffected], ['otherAtRisk', group.otherNumAtRisk],
      ['deathsAffected', group.deathsNumAffected], ['deathsAtRisk', group.deathsNumAtRisk],
    ];
    for (const [key, value] of counts) {
      const n = num(value);
      if (n !== undefined) entry[key] = n;
    }
    return entry;
  });
}

export interface TrialInterventions {
  /** Drugs or biologicals given in at least one non-comparator arm (or any, when arms are not described). */
  studied: string[];
  /** Given only in comparator arms. */
  comparatorOnly: string[];
  /** Given in every arm, comparator arms included: background therapy, not what the trial tests. */
  background: string[];
}

/** Which drug interventions the trial tests, by the type of the arms they are given in. */
export function trialInterventions(protocol: Record<string, unknown>, isComparatorName: (name: string) => boolean): TrialInterventions {
  const module = obj(protocol.armsInterventionsModule);
  const arms = arr(module.armGroups).map(obj).map((arm) => ({
    label: str(arm.label) ?? '',
    type: str(arm.type) ?? 'OTHER',
    names: arr(arm.interventionNames).map(str).filter((n): n is string => n !== undefined),
  }));
  const result: TrialInterventions = { studied: [], comparatorOnly: [], background: [] };
  const seen = new Set<string>();
  for (const intervention of arr(module.interventions).map(obj)) {
    const kind = str(intervention.type);
    const name = str(intervention.name);
    if ((kind !== 'DRUG' && kind !== 'BIOLOGICAL') || !name || seen.has(name)) continue;
    seen.add(name);
    if (isComparatorName(name)) continue;
    const labels = new Set(arr(intervention.armGroupLabels).map(str));
    const inArms = arms.filter((arm) => labels.has(arm.label) || arm.names.some((n) => n.replace(/^[^:]+:\s*/, '') === name));
    result[roleOf(inArms, arms)].push(name);
  }
  return result;
}

function roleOf(inArms: { type: string }[], arms: { type: string }[]): keyof TrialInterventions {
  if (inArms.length === 0) return 'studied';
  const inComparator = inArms.filter((arm) => COMPARATOR_ARM_TYPES.has(arm.type)).length;
  if (inComparator === 0) return 'studied';
  if (inComparator === inArms.length) return 'comparatorOnly';
  // In comparator arms and in others: when it is in every arm it is background therapy.
  return inArms.length === arms.length && arms.length > 1 ? 'background' : 'studied';
}
