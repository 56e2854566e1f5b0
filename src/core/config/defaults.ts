/**
 * Defaults both fronts share, so that the editor and the command line take the same files. The extension's
 * package.json repeats them as setting defaults (test/unit/manifest.test.ts keeps the two equal).
 */
export const DEFAULT_INCLUDE = ['**/*.md', '**/*.mdx', '**/*.markdown', '**/*.txt'];
export const DEFAULT_EXCLUDE = ['**/node_modules/**', '**/.git/**', '**/dist/**', '**/build/**', '**/out/**', '**/_site/**', '**/.vscode-test/**'];
