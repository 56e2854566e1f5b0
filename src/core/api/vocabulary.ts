/**
 * The service's enumerations and patterns as plain values, without zod: what the editor's start-up needs (an id's
 * characters, a file's status, a source kind) without building every schema of the interface (issue 37: zod and
 * the schemas were a third of the extension's activation). `schemas.ts` builds its schemas from these.
 */

export const SOURCE_KINDS = [
  'ingestion_api', 'slack', 'web', 'google_drive', 'gmail', 'requesttracker', 'github', 'gitbook', 'gitlab',
  'guru', 'bookstack', 'outline', 'confluence', 'jira', 'slab', 'productboard', 'file', 'coda', 'notion', 'zulip',
  'linear', 'hubspot', 'document360', 'gong', 'google_sites', 'zendesk', 'loopio', 'dropbox', 'sharepoint', 'teams',
  'salesforce', 'discourse', 'axero', 'clickup', 'mediawiki', 'wikipedia', 'asana', 's3', 'r2',
  'google_cloud_storage', 'oci_storage', 'xenforo', 'not_applicable', 'discord', 'freshdesk', 'fireflies', 'egnyte',
  'airtable', 'highspot', 'drupal_wiki', 'imap', 'bitbucket', 'testrail', 'mock_connector', 'user_file',
  // Added by the real server after the specification was written (docs/architecture.md#drift).
  'canvas', 'box', 'braintrust', 'lumapps', 'craft_file',
] as const;
export type SourceKind = (typeof SOURCE_KINDS)[number];

/** Strict, as `SourceKindSchema` checks what we send: a lowercase source kind the server knows. */
export function isSourceKind(value: unknown): value is SourceKind {
  return typeof value === 'string' && (SOURCE_KINDS as readonly string[]).includes(value);
}

/** The request's `cc_pair_id`, as `IngestionRequestSchema` checks it: a whole number of at least 1. */
export function isCcPairId(value: unknown): value is number {
  return typeof value === 'number' && Number.isSafeInteger(value) && value > 0;
}

/** The specification's five and the real server's two later ones (INDEXING, SKIPPED). */
export const USER_FILE_STATUSES = ['PROCESSING', 'INDEXING', 'COMPLETED', 'FAILED', 'SKIPPED', 'CANCELED', 'DELETING'] as const;
export type KnownUserFileStatus = (typeof USER_FILE_STATUSES)[number];
export type UserFileStatus = KnownUserFileStatus | 'unknown';
/** Statuses after which a file does not change any more (DELETING ends in removal, not in another status). */
export const FINAL_USER_FILE_STATUSES: ReadonlySet<UserFileStatus> = new Set(['COMPLETED', 'FAILED', 'SKIPPED', 'CANCELED', 'DELETING']);

const KNOWN_USER_FILE_STATUSES: ReadonlySet<string> = new Set(USER_FILE_STATUSES);

/** Leniently, as `UserFileStatusSchema` reads a response: any value it does not know is "unknown". */
export function userFileStatusOf(value: unknown): UserFileStatus {
  return typeof value === 'string' && KNOWN_USER_FILE_STATUSES.has(value) ? (value as KnownUserFileStatus) : 'unknown';
}

/** Ids limited to characters every server stores unchanged (docs/architecture.md#document-ids). */
export const DOCUMENT_ID_PATTERN = /^[A-Za-z0-9._~-]+$/;
