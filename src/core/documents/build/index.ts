/**
 * Build: a file (or a selection of it) as an IngestionDocument. `build.ts` reads as the order: the file read once
 * (`prepare.ts`, `readerBody.ts`), cut into sections (`sections.ts`, `headingPath.ts`), assembled (`assemble.ts`);
 * notebooks and HTML pages converted first (`converted.ts`); what a batch parsed of a page before, shared
 * (`pageParses.ts`). The top room: it may import every other room.
 */
export { buildDocument } from './build';
export { buildSelectionDocument, firstLineTitle, selectionIdFor, titleSelection } from './selection';
export { readerBodyOf } from './readerBody';
export { BREADCRUMB_SEPARATOR } from './assemble';
export { HEADING_PATH_SEPARATOR, headingPathOf } from './headingPath';
export type { DocumentBuildResult, DocumentOptions, GeneratedPart, SelectionBuildResult, SiteFacts } from './options';
export { PageParses } from './pageParses';
export { parseBlocks } from './sharedBlockParse';
