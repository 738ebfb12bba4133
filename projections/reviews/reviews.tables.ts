// Table names of this read model: only its projector and its .queries.ts files (this folder) use them.
export const REVIEWS_TABLE = 'workspace_reviews';
export const REVIEW_EVENTS_TABLE = 'workspace_review_events';
