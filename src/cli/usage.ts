/**
 * What `doc-ingest` answers without loading any command: `--version`, `--help` (and no arguments). dist/cli.js
 * bundles this module and nothing heavy, so that these answers cost little more than starting Node (issue 27);
 * the commands load from dist/cli/ only when one runs (see esbuild.mjs).
 */
import { ENVIRONMENT } from './environment';
import { EXIT, EXIT_CODE_HELP } from './exitCodes';

declare const DOC_INGEST_VERSION: string | undefined;

export function version(): string {
  return typeof DOC_INGEST_VERSION === 'string' ? DOC_INGEST_VERSION : 'dev';
}

/** The subcommands, in the order `--help` lists them; main.ts loads each by name (one file per command in `commands/`). */
export const COMMAND_LIST = [
  { name: 'ingest', summary: 'send files (default: the include globs under the root) to the server' },
  { name: 'documents', summary: 'list what the pair holds, each with the file it comes from in this repository' },
  { name: 'preview', summary: 'print the exact JSON body a file would be sent as (never the key)' },
  { name: 'site', summary: 'show the docs site detected (MkDocs, Docusaurus, Mintlify) and each page\'s address, breadcrumb and title' },
  { name: 'status', summary: 'show the processing status of user files (uploaded images, files) by id' },
  { name: 'findable', summary: 'ask the server each page\'s questions and say where the page ranks and what outranks it' },
  { name: 'check', summary: 'check the server, the key, the ingestion route and the pair, sending no document' },
] as const;

export type CommandName = (typeof COMMAND_LIST)[number]['name'];

export function help(): string {
  const width = Math.max(...ENVIRONMENT.map(([name]) => name.length));
  return `Usage: doc-ingest <command> [options]

Pushes documentation into the search and chat service from a terminal or a CI pipeline, building the same
documents with the same ids as the Doc Ingest extension for VS Code.

Commands:
${COMMAND_LIST.map((c) => `  ${c.name.padEnd(11)}${c.summary}`).join('\n')}

Run doc-ingest <command> --help for its options. --version prints the version.

Configuration, first found wins: flags; environment variables; .doc-ingest.json at the repository root (include,
exclude, linkTemplate, idPrefix, ccPairId, ingestionPath, source; never a key); the extension's defaults.

Environment:
${ENVIRONMENT.map(([name, what]) => `  ${name.padEnd(width)}  ${what}`).join('\n')}

${EXIT_CODE_HELP}
`;
}

export interface QuickAnswer {
  stream: 'stdout' | 'stderr';
  text: string;
  exitCode: number;
}

/** The answer to `argv` when no command has to run (version, help, no arguments, an unknown command); else undefined. */
export function quickAnswer(argv: readonly string[]): QuickAnswer | undefined {
  const first = argv[0];
  if (first === '--version' || first === '-v') return { stream: 'stdout', text: `${version()}\n`, exitCode: EXIT.ok };
  if (first === undefined) return { stream: 'stderr', text: help(), exitCode: EXIT.usage };
  if (first === '--help' || first === '-h' || first === 'help') return { stream: 'stdout', text: help(), exitCode: EXIT.ok };
  if (!COMMAND_LIST.some((c) => c.name === first)) {
    return { stream: 'stderr', text: `doc-ingest: unknown command “${first}”. Commands: ${COMMAND_LIST.map((c) => c.name).join(', ')}. See: doc-ingest --help\n`, exitCode: EXIT.usage };
  }
  return undefined;
}
