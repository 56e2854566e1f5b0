/**
 * The document from its sections: the fields the front matter, git and the site give (owners, `doc_updated_at`,
 * the breadcrumb, provenance), checked against the interface's schema, with the problems of the build.
 */
import { IngestionDocumentSchema } from '../../api/schemas';
import type { IngestionDocument, Owner, Section } from '../../api/schemas';
import { METADATA_TOKEN_BUDGET, metadataTokens } from '../git/provenance';
import { DocumentError } from '../problems/errors';
import { problem, warningMessages } from '../problems/problems';
import type { DocumentProblem } from '../problems/problems';
import { formatUtc } from '../source/dates';
import type { FrontMatter } from '../source/frontMatter';
import type { DocumentBuildResult } from './options';
import type { PreparedFile } from './preparedFile';
import * as l10n from '@vscode/l10n';

/** Between the labels of metadata `breadcrumb`. */
export const BREADCRUMB_SEPARATOR = ' › ';

function ownerFromGit(author: { name: string; email: string }): Owner | undefined {
  const owner: Owner = {};
  if (author.name.trim()) owner.display_name = author.name.trim();
  if (author.email.trim()) owner.email = author.email.trim();
  return Object.keys(owner).length > 0 ? owner : undefined;
}

/**
 * `doc_updated_at`: the front matter's when given; else the last commit time when the text is committed and
 * unchanged; else, when the text is the saved file's and git does not know it as committed, the file's
 * modification time; else now.
 */
function updatedAt(file: PreparedFile): string {
  if (file.frontMatter.docUpdatedAt !== undefined) return file.frontMatter.docUpdatedAt;
  const git = file.options.git;
  const commitTime = git?.lastCommitTime;
  if (git && !git.changedSinceCommit && commitTime && !Number.isNaN(commitTime.getTime())) return formatUtc(commitTime);
  const modified = file.options.fileModifiedTime;
  if (modified && !Number.isNaN(modified.getTime())) return formatUtc(modified);
  return formatUtc(file.options.now ?? new Date());
}

export function assemble(
  file: PreparedFile,
  fields: { id: string; title: string; semanticIdentifier: string; sections: Section[]; problems?: DocumentProblem[] },
): DocumentBuildResult {
  const fm = file.frontMatter;
  const document: IngestionDocument = {
    id: fields.id,
    semantic_identifier: fields.semanticIdentifier,
    title: fields.title,
    sections: fields.sections,
    source: file.options.source ?? 'file',
    metadata: withProvenance(file, withBreadcrumb(fm.metadata, file.options.site?.breadcrumb)),
    doc_updated_at: updatedAt(file),
  };
  const author = file.options.git?.lastCommitAuthor;
  const gitOwner = author ? ownerFromGit(author) : undefined;
  const primary = fm.primaryOwners ?? (gitOwner ? [gitOwner] : undefined);
  if (primary !== undefined && primary.length > 0) document.primary_owners = primary;
  if (fm.secondaryOwners !== undefined && fm.secondaryOwners.length > 0) document.secondary_owners = fm.secondaryOwners;

  const checked = IngestionDocumentSchema.safeParse(document);
  if (!checked.success) {
    const issue = checked.error.issues[0];
    const where = issue ? issue.path.join('.') : 'document';
    // A field that came from the front matter is shown on its key's line.
    const line = typeof issue?.path[0] === 'string' ? fm.keyLines?.[issue.path[0]] : undefined;
    throw new DocumentError('invalidField', l10n.t('The document cannot be sent: {0} {1}.', where, issue?.message ?? l10n.t('is invalid')), { key: where, line });
  }
  const problems = [...file.problems, ...(fields.problems ?? []), ...metadataSizeProblems(file, document.metadata)];
  const result: DocumentBuildResult = { document, idSource: file.idSource, warnings: warningMessages(problems), problems };
  if (fm.ccPairId !== undefined) result.ccPairId = fm.ccPairId;
  return result;
}

/** The front matter's metadata with the site's breadcrumb, unless the front matter names its own. */
function withBreadcrumb(metadata: FrontMatter['metadata'], breadcrumb: readonly string[] | undefined): FrontMatter['metadata'] {
  if (!breadcrumb?.length || 'breadcrumb' in metadata) return metadata;
  return { ...metadata, breadcrumb: breadcrumb.join(BREADCRUMB_SEPARATOR) };
}

/**
 * The metadata with where the document comes from (docs/documents.md#context-in-every-chunk), each key unless the
 * front matter names it: `source_path`, `repository`, `commit` (only while the text is the committed file's),
 * `edit_url`.
 */
function withProvenance(file: PreparedFile, metadata: FrontMatter['metadata']): FrontMatter['metadata'] {
  const { options } = file;
  if (options.provenance === false) return metadata;
  const git = options.git;
  const facts: [string, string | undefined][] = [
    ['source_path', options.documentId === undefined ? file.path : undefined],
    ['repository', git?.repository],
    ['commit', git && !git.changedSinceCommit ? git.lastCommit : undefined],
    ['edit_url', options.site?.editUrl],
  ];
  const added = facts.filter((f): f is [string, string] => f[1] !== undefined && !(f[0] in metadata));
  return added.length === 0 ? metadata : { ...metadata, ...Object.fromEntries(added) };
}

/** A warning when the metadata is past what the server adds to the embedded text (`provenance.ts`). */
function metadataSizeProblems(file: PreparedFile, metadata: FrontMatter['metadata']): DocumentProblem[] {
  const { tokens, largest } = metadataTokens(metadata);
  if (tokens <= METADATA_TOKEN_BUDGET) return [];
  const named = largest.slice(0, 3).map((k) => `${k.key} (about ${k.tokens})`).join(', ');
  return [problem(
    'warning',
    'metadataLarge',
    l10n.t('The metadata comes to about {0} tokens, past the {1} (a quarter of a chunk) the service adds to the text it searches, so none of it will help a search; the largest keys are {2}: leave out keys a search does not need with the docIngest.frontMatter.ignoreKeys setting, or shorten them.', tokens, METADATA_TOKEN_BUDGET, named),
    { line: file.frontMatterLine },
  )];
}
