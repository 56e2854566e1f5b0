/**
 * Text → IngestionDocument (F2 current file, F3 selection). Plain Node: no `vscode` here.
 */
export { BREADCRUMB_SEPARATOR, HEADING_PATH_SEPARATOR, buildDocument, buildSelectionDocument, firstLineTitle, selectionIdFor, titleSelection } from './build';
export type { DocumentBuildResult, DocumentOptions, GitFileInfo, SelectionBuildResult, SiteFacts } from './build';
export { DocumentError } from './errors';
export type { DocumentErrorCode, DocumentErrorDetails } from './errors';
export { DEFAULT_IGNORE_KEYS, RESERVED_KEYS, findFrontMatter, readFrontMatter } from './frontMatter';
export type { FrontMatter, FrontMatterBlock, Metadata } from './frontMatter';
export { writeFrontMatterId, writeFrontMatterIdBytes } from './frontMatterId';
export type { FrontMatterIdEdit, FrontMatterIdRefusal } from './frontMatterId';
export { getGitFolderInfo } from './gitFolder';
export type { GitFolderInfo, GitFolderOptions } from './gitFolder';
export { getGitFileInfo } from './gitInfo';
export type { GitInfoOptions } from './gitInfo';
export { findImageReferences, localImagePaths } from './images';
export type { ImageReference } from './images';
export { MAX_ID_LENGTH, documentIdFromPath, encodeIdSegment, normalizeIdPrefix, shortenId, validateExplicitId } from './ids';
export { LINK_PLACEHOLDERS, appendAnchor, linkTemplateProblem, localLinkTarget, publishedLinkFor, renderLink, validateLinkTemplate } from './links';
export type { LocalLinkTarget } from './links';
export type { LinkTarget } from './docLinks';
export { findLinkSites } from './linkSites';
export type { LinkSite } from './linkSites';
export { findHeadings } from './markdown';
export type { MarkdownHeading } from './markdown';
export { parseOwner, parseOwners } from './owners';
export { problemsOf } from './problems';
export { METADATA_TOKEN_BUDGET, PROVENANCE_KEYS, metadataTokens, pickRemote, repositoryWebAddress } from './provenance';
export type { DocumentProblem, ProblemSeverity } from './problems';
export { Slugger, githubSlug } from './slug';
export { MARKDOWN_EXTENSIONS, fileNameWithoutExtension, isMarkdownPath, normalizeRelativePath } from './text';
export { folderLabel, proposeChosenId, workspaceIdPrefix } from './workspaceIds';
export type { WorkspaceFolderRef } from './workspaceIds';
