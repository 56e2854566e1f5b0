import * as vscode from 'vscode';
import { bodyOf, defaultQuestions, frontMatterQuestions, QUESTIONS_FILE, readQuestionsFile } from '../../core/findability';
import type { PageQuestions, Question } from '../../core/findability';
import { buildFile } from '../../core/ingest/pipeline';
import { normalizeRelativePath } from '../../core/documents/text/text';
import type { DocumentPlaces } from '../ingest/documentPlace';
import { PENDING_ID, readEditorSource } from '../ingest/sourceFile';
import { workspaceSource } from '../identity/workspaceSource';

/** A page of the editor with its questions: what the check asks, and where it shows the answers. */
export interface EditorPage extends PageQuestions {
  uri: vscode.Uri;
  /** The questions file the page's questions came from, when they did (its diagnostics go there). */
  questionsFile?: vscode.Uri;
}

/**
 * A page's questions as the command line finds them (`doc-ingest findable`): its front matter `questions:`, else its
 * entry in the folder's questions file, else its title and second-level headings. The page is read as Ingest
 * Current File reads it (an open editor's text, saved or not), so the id asked about is the id it sends under.
 */
export async function editorPage(uri: vscode.Uri, places: DocumentPlaces): Promise<EditorPage> {
  const { file, config, text } = await readEditorSource(uri, places, { git: false });
  const decoded = text ?? new TextDecoder().decode(file.input as Uint8Array);
  const built = buildFile(file, config);
  const documentId = built.document.id;
  if (documentId === undefined || documentId === PENDING_ID) {
    throw new Error(vscode.l10n.t('{0} has no document id yet: ingest it once, then check it.', file.relativePath));
  }
  const own = frontMatterQuestions(decoded);
  if (own && 'error' in own) throw new Error(vscode.l10n.t('{0}, line {1}: {2}', file.relativePath, own.line, own.error));
  const fromFile = own ? undefined : await questionsFileEntry(uri);
  const { body, bodyLine } = bodyOf(decoded);
  const questions: Question[] = own?.questions ?? fromFile?.questions ?? defaultQuestions(built.document.semantic_identifier, body, bodyLine, file.site?.anchors ?? 'github');
  return { uri, path: workspaceSource(uri)?.key ?? file.relativePath, documentId, questions, ...(fromFile ? { questionsFile: fromFile.uri } : {}) };
}

/** The page's entry in `.doc-ingest-questions.yml` at the root of its workspace folder, if any. */
async function questionsFileEntry(uri: vscode.Uri): Promise<{ uri: vscode.Uri; questions: Question[] } | undefined> {
  const source = workspaceSource(uri);
  if (!source) return undefined;
  const fileUri = vscode.Uri.joinPath(source.folder.uri, QUESTIONS_FILE);
  const bytes = await vscode.workspace.fs.readFile(fileUri).then(undefined, () => undefined);
  if (!bytes) return undefined;
  const questions = readQuestionsFile(new TextDecoder().decode(bytes)).pages.get(normalizeRelativePath(source.relativePath));
  return questions ? { uri: fileUri, questions } : undefined;
}
