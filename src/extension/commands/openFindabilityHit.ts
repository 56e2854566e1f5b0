import * as vscode from 'vscode';
import { anchorOf } from '../../core/findability';
import { findHeadings } from '../../core/documents/markdown/markdown';
import { bodyOf } from '../../core/findability';
import { sourceUri } from '../identity/sourceUri';
import { editorSiteResolver } from '../ingest/site';
import type { HitNode } from '../findability/findabilityView';

/**
 * A document of the Findability view: a workspace file opens at the section the hit's link points at (its heading
 * with that anchor, made as the page's site makes anchors), any other document at its link.
 */
export async function openFindabilityHit(node: Pick<HitNode, 'hit'>): Promise<void> {
  const uri = node.hit.path === undefined ? undefined : sourceUri(node.hit.path);
  if (!uri) {
    if (node.hit.link) await vscode.env.openExternal(vscode.Uri.parse(node.hit.link));
    return;
  }
  const document = await vscode.workspace.openTextDocument(uri);
  const anchor = anchorOf(node.hit.link);
  let line = 0;
  if (anchor !== undefined) {
    const { body, bodyLine } = bodyOf(document.getText());
    const relative = vscode.workspace.asRelativePath(uri, false);
    const site = await editorSiteResolver(uri)?.factsOf(relative, document.getText()).catch(() => undefined);
    const heading = findHeadings(body, site?.anchors ?? 'github').find((h) => h.anchor === anchor);
    if (heading) line = bodyLine + heading.startLine;
  }
  const at = new vscode.Range(line, 0, line, 0);
  await vscode.window.showTextDocument(document, { selection: at, preview: true });
}
