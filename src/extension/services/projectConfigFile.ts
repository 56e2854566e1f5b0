import { existsSync, readFileSync } from 'node:fs';
import * as vscode from 'vscode';
import { PROJECT_CONFIG_FILE } from '../../core/config/projectConfigName';
import type { ProjectConfig, ProjectConfigError } from '../../core/config/projectConfig';

/**
 * `error`: the file cannot be used; `untrusted`: the file is there but not read, because the workspace is not
 * trusted. Either way `config` is empty and the settings apply as if the file were absent.
 */
export type ProjectConfigRead =
  | { config: ProjectConfig; error?: undefined; untrusted?: undefined }
  | { config: ProjectConfig; error: ProjectConfigError; untrusted?: undefined }
  | { config: ProjectConfig; error?: undefined; untrusted: true };

/**
 * The `.doc-ingest.json` at the root of the workspace folder of `scope` (the only folder when there is no scope).
 * Read afresh each time: a small file, and settings are read where they are used, so an edit applies at once.
 * An unusable file counts as empty; `error` says why (ProjectConfigWatcher shows it). In an untrusted workspace the
 * file is not read at all: it chooses where documents and the key go (the ingestion path, the pair, the ids), and
 * a repository someone merely opened may not choose that.
 */
export function readProjectConfig(scope?: vscode.ConfigurationScope | null): ProjectConfigRead {
  const folder = folderOf(scope);
  if (!folder || folder.uri.scheme !== 'file') return { config: {} };
  const file = vscode.Uri.joinPath(folder.uri, PROJECT_CONFIG_FILE).fsPath;
  if (!vscode.workspace.isTrusted) return existsSync(file) ? { config: {}, untrusted: true } : { config: {} };
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch {
    return { config: {} };
  }
  const parser = projectConfigParser();
  try {
    return { config: parser.parseProjectConfig(text) };
  } catch (e) {
    return { config: {}, error: e instanceof parser.ProjectConfigError ? e : new parser.ProjectConfigError(String(e)) };
  }
}

/**
 * The parser (zod, the rules) when there is a file to read, not before: most workspaces have none, and activation
 * does not pay for it (issue 37). Required, not imported with `import()`: settings are read synchronously. esbuild
 * bundles the module and runs its top level at the first call; its code is in the bundle either way.
 */
function projectConfigParser(): typeof import('../../core/config/projectConfig') {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  return require('../../core/config/projectConfig') as typeof import('../../core/config/projectConfig');
}

function folderOf(scope: vscode.ConfigurationScope | null | undefined): vscode.WorkspaceFolder | undefined {
  if (scope instanceof vscode.Uri) return vscode.workspace.getWorkspaceFolder(scope);
  if (scope && 'uri' in scope && scope.uri instanceof vscode.Uri) {
    return 'index' in scope ? (scope as vscode.WorkspaceFolder) : vscode.workspace.getWorkspaceFolder(scope.uri);
  }
  const folders = vscode.workspace.workspaceFolders ?? [];
  return folders.length === 1 ? folders[0] : undefined;
}
