// The patterns a disease parameter is checked with, defined once (issue 24 item 5): a registry module id
// (sle), a module id or any disease CURIE (MONDO:…, DOID:…), or a module id or its MONDO CURIE (the
// modules that read a registry module's search configuration).
export const DISEASE_MODULE_ID_PATTERN = '^[a-z0-9_]{1,64}$';
export const DISEASE_ID_PATTERN = '^([a-z0-9_]{1,64}|[A-Za-z][A-Za-z0-9_.-]*:[A-Za-z0-9_.:-]+)$';
export const DISEASE_MODULE_OR_MONDO_PATTERN = '^([a-z0-9_]{1,64}|MONDO:[0-9]{7})$';

/** DISEASE_MODULE_ID_PATTERN as a RegExp, for code that checks an id outside a JSON Schema (file names, registry ids). */
export const DISEASE_MODULE_ID = new RegExp(DISEASE_MODULE_ID_PATTERN);
