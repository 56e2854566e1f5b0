import * as vscode from 'vscode';
import type { SiteDescriptionWords } from '../../core/site/describe';
import { listBatchFiles } from '../identity/listFiles';
import { showBeside } from '../services/besideTab';
import { PREVIEW_SCHEME } from '../preview/payloadPreview';

export const SITE_SETTINGS_SCHEME = 'doc-ingest-site';

/**
 * "Doc Ingest: Show Site Settings" (F15): the docs site detected in a workspace folder (MkDocs, Docusaurus,
 * Mintlify), the rules read from its config, the settings that could not be read without running it, and each page
 * of the include globs with its published address, breadcrumb and title, as `doc-ingest site` prints them (the same
 * core description). Shown as a read-only document beside the editor, for the folder of the file clicked or open,
 * else of every workspace folder.
 */
export async function showSiteSettings(documents: SiteSettingsDocuments, uri?: vscode.Uri): Promise<void> {
  const target = uri ?? vscode.window.activeTextEditor?.document.uri;
  const folder = target ? vscode.workspace.getWorkspaceFolder(target) : undefined;
  const folders = folder ? [folder] : vscode.workspace.workspaceFolders ?? [];
  if (!folders.length) {
    void vscode.window.showInformationMessage(vscode.l10n.t('Open a folder with a docs site (mkdocs.yml, docusaurus.config.js, docs.json or mint.json) to see its settings.'));
    return;
  }
  const text = await vscode.window.withProgress(
    { location: vscode.ProgressLocation.Window, title: vscode.l10n.t('Doc Ingest: reading the docs site') },
    () => describeFolders(folders),
  );
  const documentUri = documents.show(folder?.name ?? 'workspace', text);
  const document = await vscode.workspace.openTextDocument(documentUri);
  await showBeside(document, [PREVIEW_SCHEME, SITE_SETTINGS_SCHEME], false);
}

async function describeFolders(folders: readonly vscode.WorkspaceFolder[]): Promise<string> {
  // The site readers load with the first use of the command, not with the extension (issue 27).
  const [{ describeSite, formatSiteDescription }, { SiteResolver }, { siteFilesUnder }] = await Promise.all([
    import('../../core/site/describe.js'), import('../../core/site/detect.js'), import('../ingest/site.js'),
  ]);
  const parts: string[] = [];
  for (const folder of folders) {
    const files = await listBatchFiles(folder.uri);
    const resolver = new SiteResolver(siteFilesUnder(folder.uri));
    const description = await describeSite(resolver, files.map((f) => f.relativePath), async (path) => {
      try {
        return new TextDecoder().decode(await vscode.workspace.fs.readFile(vscode.Uri.joinPath(folder.uri, path)));
      } catch {
        return undefined;
      }
    });
    const text = formatSiteDescription(description, words());
    parts.push(folders.length > 1 ? `${vscode.l10n.t('Folder {0}', folder.name)}\n\n${text}` : text);
  }
  return parts.join('\n');
}

function words(): SiteDescriptionWords {
  return {
    noSite: vscode.l10n.t('No docs site found: no mkdocs.yml, docusaurus.config.{js,ts,mjs}, docs.json or mint.json in the folder (node_modules and hidden folders left out).'),
    site: (generator, configFile) => vscode.l10n.t('{0} site: {1}', generator, configFile),
    baseUrl: vscode.l10n.t('base URL'),
    noBaseUrl: vscode.l10n.t('(none: section links need docIngest.linkTemplate)'),
    warning: vscode.l10n.t('warning'),
    pages: vscode.l10n.t('pages'),
    notPage: (reason) => vscode.l10n.t('not a page: {0}', reason),
    url: vscode.l10n.t('url'),
    none: vscode.l10n.t('(none)'),
    breadcrumb: vscode.l10n.t('breadcrumb'),
    title: vscode.l10n.t('title'),
    edit: vscode.l10n.t('edit'),
    // A list, one file a line (issue 38, item 8): the core joins the paths with ", ", which no listed path holds
    // in practice; a path that does is split in two lines, still all there.
    withoutSite: (count, paths) => [vscode.l10n.t('Files in no site ({0}):', count), ...paths.split(', ').map((p) => `  ${p}`)].join('\n'),
  };
}

/** The read-only documents the command shows, by folder name; each showing replaces that folder's text. */
export class SiteSettingsDocuments implements vscode.TextDocumentContentProvider, vscode.Disposable {
  private readonly texts = new Map<string, string>();
  private readonly changed = new vscode.EventEmitter<vscode.Uri>();
  readonly onDidChange = this.changed.event;

  show(name: string, text: string): vscode.Uri {
    const uri = vscode.Uri.from({ scheme: SITE_SETTINGS_SCHEME, path: `/${name} site settings.txt` });
    this.texts.set(uri.toString(), text);
    this.changed.fire(uri);
    return uri;
  }

  provideTextDocumentContent(uri: vscode.Uri): string {
    return this.texts.get(uri.toString()) ?? '';
  }

  dispose(): void {
    this.changed.dispose();
  }
}
