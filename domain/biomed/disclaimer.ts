// Every /api/v1 response carries this (spec §1 global rules): the store holds public research knowledge only.
export const BIOMED_DISCLAIMER = 'Research use only. This is imported public biomedical knowledge (ontologies, mappings and '
  + 'annotations) for research prioritization; it is not medical advice and must not be used for diagnosis, treatment or any '
  + 'clinical decision. Absent data means nothing was imported, not evidence against.';
