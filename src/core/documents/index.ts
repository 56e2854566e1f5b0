/**
 * Text → IngestionDocument (F2 current file, F3 selection). Plain Node: no `vscode` here. The rooms, each importing
 * only the ones before it: problems, text, ids, source, markdown, markup, readerText, linksAndImages, formats, git,
 * build (docs/architecture.md#the-documents-rooms). This index names the files, not the rooms' indexes.
 */
export { buildDocument } from './build/build';
export { BREADCRUMB_SEPARATOR } from './build/assemble';
export { HEADING_PATH_SEPARATOR } from './build/headingPath';
export { buildSelectionDocument, firstLineTitle, selectionIdFor, titleSelection } from './build/selection';
export type { DocumentBuildResult, DocumentOptions, SelectionBuildResult, SiteFacts } from './build/options';
export type { GitFileInfo } from './git/gitInfo';
export { DocumentError } from './problems/errors';
export type { DocumentErrorCode, DocumentErrorDetails } from './problems/errors';
export { DEFAULT_IGNORE_KEYS, RESERVED_KEYS, findFrontMatter, readFrontMatter } from './source/frontMatter';
export type { FrontMatter, FrontMatterBlock, Metadata } from './source/frontMatter';
export { writeFrontMatterId, writeFrontMatterIdBytes } from './source/frontMatterId';
export type { FrontMatterIdEdit, FrontMatterIdRefusal } from './source/frontMatterId';
export { getGitFolderInfo } from './git/gitFolder';
export type { GitFolderInfo, GitFolderOptions } from './git/gitFolder';
export { getGitFileInfo } from './git/gitInfo';
export type { GitInfoOptions } from './git/gitInfo';
export { findImageReferences, localImagePaths } from './linksAndImages/images';
export type { ImageReference } from './linksAndImages/images';
export { MAX_ID_LENGTH, documentIdFromPath, encodeIdSegment, normalizeIdPrefix, shortenId, validateExplicitId } from './ids/ids';
export { LINK_PLACEHOLDERS, appendAnchor, linkTemplateProblem, localLinkTarget, publishedLinkFor, renderLink, validateLinkTemplate } from './linksAndImages/links';
export type { LocalLinkTarget } from './linksAndImages/links';
export type { LinkTarget } from './linksAndImages/docLinks';
export { findLinkSites } from './linksAndImages/linkSites';
export type { LinkSite } from './linksAndImages/linkSites';
export { findHeadings } from './markdown/markdown';
export type { MarkdownHeading } from './markdown/markdown';
export { parseOwner, parseOwners } from './source/owners';
export { problemsOf } from './problems/problems';
export { METADATA_TOKEN_BUDGET, PROVENANCE_KEYS, metadataTokens, pickRemote, repositoryWebAddress } from './git/provenance';
export type { DocumentProblem, ProblemSeverity } from './problems/problems';
export { Slugger, githubSlug } from './markdown/slug';
export { MARKDOWN_EXTENSIONS, fileNameWithoutExtension, isMarkdownPath, normalizeRelativePath } from './text/text';
export { folderLabel, proposeChosenId, workspaceIdPrefix } from './ids/workspaceIds';
export type { WorkspaceFolderRef } from './ids/workspaceIds';
