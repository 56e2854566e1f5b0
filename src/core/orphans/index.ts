/** Orphans (F13): what this workspace published whose source no longer builds it. Plain Node. */
export { findOrphans, orphanReasonText } from './find';
export type { Orphan, OrphanFindings, OrphanQuery, OrphanReason, Published } from './find';
