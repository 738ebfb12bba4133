// Where a candidate's history lives (#history?candidate_id=..&candidate_type=..), for links from other views.
export function historyHref(candidateId: string, candidateType: 'drug' | 'target', diseaseId?: string): string {
  const query = new URLSearchParams({ candidate_id: candidateId, candidate_type: candidateType });
  if (diseaseId) query.set('disease_id', diseaseId);
  return `#history?${query.toString()}`;
}
