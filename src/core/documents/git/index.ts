/**
 * Git: what git knows of a file (its last commit, author, whether the text differs: `gitInfo.ts`) or of a whole
 * folder at once for a batch (`gitFolder.ts`), and provenance: the remote as a web address and the metadata's token
 * budget (`provenance.ts`). Imports `text/` and `source/` (types), and of the rest of core only `files/` and `pool`.
 */
export { getGitFileInfo } from './gitInfo';
export type { GitFileInfo, GitInfoOptions } from './gitInfo';
export { getGitFolderInfo } from './gitFolder';
export type { GitFolderInfo, GitFolderOptions } from './gitFolder';
export { METADATA_TOKEN_BUDGET, PROVENANCE_KEYS, metadataTokens, pickRemote, repositoryWebAddress } from './provenance';
