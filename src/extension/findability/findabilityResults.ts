import * as vscode from 'vscode';
import type { Answer } from '../../core/findability';
import type { EditorPage } from './editorPage';

/** What one check found for one page: its questions' answers, within the top K asked. */
export interface PageResult {
  page: EditorPage;
  answers: Answer[];
  top: number;
  checkedAt: Date;
}

/**
 * The last answers of each page checked in this window, by the page's URI: the view, the CodeLenses and the Problems
 * panel all draw from here and redraw on its one change event, so the three never disagree.
 */
export class FindabilityResults implements vscode.Disposable {
  private readonly byPage = new Map<string, PageResult>();
  /** The pages of the last check, in the order asked: what the view shows. */
  private last: string[] = [];
  private readonly changed = new vscode.EventEmitter<void>();
  readonly onDidChange = this.changed.event;

  /** The answers of one check: they replace those of its pages, and the view shows these pages. */
  set(results: readonly PageResult[]): void {
    for (const r of results) this.byPage.set(r.page.uri.toString(), r);
    this.last = results.map((r) => r.page.uri.toString());
    this.changed.fire();
  }

  of(uri: vscode.Uri): PageResult | undefined {
    return this.byPage.get(uri.toString());
  }

  /** The pages of the last check, in the order asked. */
  shown(): PageResult[] {
    return this.last.map((k) => this.byPage.get(k)).filter((r): r is PageResult => r !== undefined);
  }

  all(): PageResult[] {
    return [...this.byPage.values()];
  }

  dispose(): void {
    this.changed.dispose();
  }
}
