/**
 * Ids: a document's id from its path (`ids.ts`, the scheme and why it cannot collide), the checks on an id a writer
 * chose, and the ids of multi-root workspaces and of sources without a path (`workspaceIds.ts`). Imports `problems/`
 * and `text/`.
 */
export { MAX_ID_LENGTH, documentIdFromPath, encodeIdSegment, normalizeIdPrefix, shortenId, validateExplicitId } from './ids';
export { folderLabel, proposeChosenId, workspaceIdPrefix } from './workspaceIds';
export type { WorkspaceFolderRef } from './workspaceIds';
