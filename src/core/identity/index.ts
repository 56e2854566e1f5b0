/** Identity (docs/architecture.md#identity): what names a source and which document id it builds. Plain Node. */
export { duplicateIdSentence, IdClaims } from './claims';
export type { IdClaimsView } from './claims';
export { documentIdOf, publishSwitchOf } from './documentId';
export { sourceKey } from './sources';
export type { SourceRef } from './sources';
