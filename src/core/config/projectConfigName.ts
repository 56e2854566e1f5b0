/** The name of the project configuration file, without its parser: what the editor's start-up needs (issue 37). */
export const PROJECT_CONFIG_FILE = '.doc-ingest.json';
