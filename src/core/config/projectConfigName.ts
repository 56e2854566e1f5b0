/**
 * The name of the project configuration file and the keys it may hold, without its parser: what the editor's
 * start-up needs (issue 37). `projectConfig.ts` parses the file; a test holds these keys to its schema's.
 */
export const PROJECT_CONFIG_FILE = '.doc-ingest.json';

/** The keys of `.doc-ingest.json`, each also a setting of the same name (`docIngest.<key>`). */
export const PROJECT_CONFIG_KEY_NAMES: ReadonlySet<string> = new Set(['include', 'exclude', 'linkTemplate', 'idPrefix', 'ccPairId', 'ingestionPath', 'source', 'maxDocumentChars', 'dropPatterns']);
