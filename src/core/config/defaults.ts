/**
 * Defaults both fronts share, so that the editor and the command line take the same files. The extension's
 * package.json repeats them as setting defaults (test/unit/publishing/manifest.test.ts keeps the two equal).
 */
export const DEFAULT_INCLUDE = ['**/*.md', '**/*.mdx', '**/*.markdown', '**/*.txt'];
export const DEFAULT_EXCLUDE = ['**/node_modules/**', '**/.git/**', '**/dist/**', '**/build/**', '**/out/**', '**/_site/**', '**/.vscode-test/**'];

/**
 * The pair a document goes to when the request names none: the real server's `DEFAULT_CC_PAIR_ID`, the hidden
 * "Ingestion API" pair (observed-server.md §1.7). Listing what "the default pair" holds asks for this id.
 */
export const DEFAULT_CC_PAIR_ID = 1;
