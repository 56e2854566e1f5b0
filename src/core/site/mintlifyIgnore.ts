/**
 * The files of a Mintlify docs root that are no pages (Mintlify's "Exclude files from publishing" and "Reusable
 * snippets" docs), each with the reason a reader of `doc-ingest site` is told:
 * - `snippets/` holds reusable snippets, imported into pages and never published themselves;
 * - what Mintlify ignores without being told (`node_modules`, `.github`, `README.md`, `CONTRIBUTING.md`...);
 * - what the `.mintignore` at the docs root excludes (the syntax of `.gitignore`, read with the `ignore` package
 *   as our own rule files are).
 * A page left out of the navigation is still published (Mintlify's "Hidden pages": reachable by its address).
 */
import ignore from 'ignore';
import type { Ignore } from 'ignore';
import * as l10n from '@vscode/l10n';

export const MINTIGNORE_FILE = '.mintignore';

/** Mintlify's default ignored patterns, as its docs list them (gitignore patterns: any folder level). */
const DEFAULT_IGNORED = [
  '.git/', '.github/', '.claude/', '.agents/', '.idea/', '.vscode/', 'node_modules/', 'build/', 'dist/', 'coverage/',
  '.cache/', 'tmp/', 'temp/', 'README.md', 'LICENSE.md', 'CHANGELOG.md', 'CONTRIBUTING.md',
];

export interface MintlifyExclusions {
  /** Why the file at `inRoot` (relative to the docs root) is no page, or undefined when it may be one. */
  reasonOf(inRoot: string): string | undefined;
}

/** `mintignore`: the `.mintignore` file's text, when there is one. */
export function mintlifyExclusions(mintignore: string | undefined, mintignorePath: string): MintlifyExclusions {
  const defaults = ignore().add(DEFAULT_IGNORED);
  const own: Ignore | undefined = mintignore === undefined ? undefined : ignore().add(mintignore);
  return {
    reasonOf(inRoot: string): string | undefined {
      if (inRoot === 'snippets' || inRoot.startsWith('snippets/')) return l10n.t('a reusable snippet (under snippets/): imported into pages, never published itself');
      const mine = own?.test(inRoot);
      if (mine?.ignored) return l10n.t('excluded by {0} ({1}): Mintlify does not publish it', mintignorePath, mine.rule?.pattern ?? l10n.t('a pattern'));
      const byDefault = defaults.test(inRoot);
      if (byDefault.ignored) return l10n.t('ignored by Mintlify by default ({0}): never published', byDefault.rule?.pattern ?? l10n.t('a default pattern'));
      return undefined;
    },
  };
}
