import * as vscode from 'vscode';
import { checkFindability, checkWhenSearchable, hitsToAsk, SEARCH_CONCURRENCY } from '../../core/findability';
import type { FindabilityOptions, PageAnswers } from '../../core/findability';
import type { Connection } from '../services/connection';
import { describeError, isCancellation, showError } from '../services/errors';
import type { WorkspaceIds } from '../identity/workspaceIds';
import type { DocumentPlaces } from '../ingest/documentPlace';
import type { Log } from '../services/log';
import { readSettings } from '../services/settings';
import { editorPage, type EditorPage } from './editorPage';
import type { FindabilityResults, PageResult } from './findabilityResults';

export interface CheckRequest {
  /** Just sent: a page nothing finds is asked again after short pauses while the server indexes it. */
  justSent?: boolean;
}

/**
 * "Check Findability" (F17): asks the configured server, with the same key, the questions of each page, with a
 * cancellable progress notification, and hands the answers to the results (view, CodeLens, Problems). A failure is
 * one sentence from the core (no search route, a key that may not search, 501, a timeout), shown with its fix.
 */
export class FindabilityChecker {
  constructor(
    private readonly connection: Connection,
    private readonly places: DocumentPlaces,
    private readonly ids: WorkspaceIds,
    private readonly results: FindabilityResults,
    private readonly log: Log,
  ) {}

  /** The answers set into the results, or undefined when nothing was checked (cancelled, or failed and said so). */
  async check(uris: readonly vscode.Uri[], request: CheckRequest = {}): Promise<PageResult[] | undefined> {
    const pages: EditorPage[] = [];
    for (const uri of uris) {
      try {
        pages.push(await editorPage(uri, this.places));
      } catch (e) {
        await showError(vscode.l10n.t('Findability not checked:'), e);
        return undefined;
      }
    }
    const top = readSettings(uris[0]).findabilityTop;
    const questions = pages.reduce((n, p) => n + p.questions.length, 0);
    const title = pages.length === 1
      ? vscode.l10n.t('Doc Ingest: asking {0} questions of {1}', questions, pages[0]?.path ?? '')
      : vscode.l10n.t('Doc Ingest: asking {0} questions of {1} pages', questions, pages.length);
    try {
      const client = await this.connection.client();
      const answered = await vscode.window.withProgress(
        { location: vscode.ProgressLocation.Notification, title, cancellable: true },
        async (progress, token) => {
          const abort = new AbortController();
          const stop = token.onCancellationRequested(() => abort.abort());
          try {
            const claims = await this.ids.current(token);
            const options: FindabilityOptions = {
              search: async (q, o) => {
                const hits = await client.search(q, { ...o, signal: abort.signal });
                progress.report({ increment: 100 / Math.max(1, questions), message: q });
                return hits;
              },
              // A document of this workspace is named by its file ("outranked by docs/old-install.md").
              fileOf: (id) => [...claims.sourcesOf(id)].sort()[0],
              top,
              concurrency: SEARCH_CONCURRENCY,
              stopped: () => token.isCancellationRequested,
            };
            this.log.info(`findability: ${questions} questions of ${pages.length} page(s), top ${top}, ${hitsToAsk(top)} hits each`);
            const found: PageAnswers[] = request.justSent
              ? await checkWhenSearchable(pages, options, {
                signal: abort.signal,
                onRetry: (waiting) => progress.report({ message: vscode.l10n.t('waiting for the server to index {0}', waiting.map((p) => p.path).join(', ')) }),
              })
              : await checkFindability(pages, options);
            if (token.isCancellationRequested) throw new vscode.CancellationError();
            return found;
          } finally {
            stop.dispose();
          }
        },
      );
      this.connection.noteSuccess();
      const checkedAt = new Date();
      const results = answered.map((r): PageResult => ({ page: r.page as EditorPage, answers: r.answers, top, checkedAt }));
      this.results.set(results);
      for (const r of results) this.log.info(`findability of ${r.page.path}: ${r.answers.filter((a) => a.found).length} of ${r.answers.length} questions find it`);
      return results;
    } catch (e) {
      this.connection.noteError(e);
      if (isCancellation(e)) return undefined;
      this.log.warn(`findability: ${describeError(e)}`);
      await showError(vscode.l10n.t('Findability not checked:'), e);
      return undefined;
    }
  }
}
