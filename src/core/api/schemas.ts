/**
 * Zod schemas of every resource of the service interface.
 *
 * Two directions, two attitudes:
 * - What we send is checked strictly before sending (`...Request` schemas): a wrong field is our bug or the
 *   user's input, and a clear error naming the field beats a server's 422.
 * - What we receive is parsed leniently (`...Response` schemas): servers evolve (docs/architecture.md#drift), so
 *   unknown enum values become "unknown", extra fields are kept, and fields that are null in practice are
 *   nullable.
 */
import * as l10n from '@vscode/l10n';
import * as z from 'zod';
import { DOCUMENT_ID_PATTERN, SOURCE_KINDS, USER_FILE_STATUSES } from './vocabulary';

// The plain enumerations and patterns live in ./vocabulary (what start-up needs without zod); re-exported here.
export { DOCUMENT_ID_PATTERN, FINAL_USER_FILE_STATUSES, SOURCE_KINDS, USER_FILE_STATUSES } from './vocabulary';
export type { KnownUserFileStatus, SourceKind, UserFileStatus } from './vocabulary';

/** Maps any value outside `values` to "unknown" instead of failing the whole response. */
function lenientEnum<const T extends readonly [string, ...string[]]>(values: T) {
  const known = new Set<string>(values);
  return z
    .unknown()
    .transform((v): T[number] | 'unknown' => (typeof v === 'string' && known.has(v) ? (v as T[number]) : 'unknown'));
}

/** Optional and nullable on the wire, `undefined` or `null` in the result. */
const nullish = <S extends z.ZodType>(s: S) => s.nullish();

// ---------------------------------------------------------------------------------------------- enumerations

/** Strict: what we send must be a lowercase source kind the server knows. */
export const SourceKindSchema = z.enum(SOURCE_KINDS);
export const SourceKindResponse = lenientEnum(SOURCE_KINDS);

export const UserFileStatusSchema = lenientEnum(USER_FILE_STATUSES);

/** `csv` in the specification, `tabular` on the real server since 2026-04. */
export const CHAT_FILE_TYPES = ['image', 'document', 'plain_text', 'csv', 'tabular'] as const;
export type ChatFileType = (typeof CHAT_FILE_TYPES)[number] | 'unknown';
export const ChatFileTypeSchema = lenientEnum(CHAT_FILE_TYPES);

// ---------------------------------------------------------------------------------------------- connector files

export const ConnectorFileInfoSchema = z.looseObject({
  file_id: z.string(),
  file_name: z.string(),
  file_size: nullish(z.number().int()),
  upload_date: nullish(z.string()),
});
export type ConnectorFileInfo = z.output<typeof ConnectorFileInfoSchema>;

export const ConnectorFilesResponseSchema = z.looseObject({ files: z.array(ConnectorFileInfoSchema) });
export type ConnectorFilesResponse = z.output<typeof ConnectorFilesResponseSchema>;

// ---------------------------------------------------------------------------------------------- credentials

/**
 * The PATCH body. The specification shows no required fields; the real server requires `credential_json`,
 * `admin_public` and `source` (docs/architecture.md#credentials), so all three are required here.
 */
export const CredentialUpdateSchema = z.strictObject({
  credential_json: z.record(z.string(), z.unknown()),
  admin_public: z.boolean(),
  source: SourceKindSchema,
  name: z.string().nullable().optional(),
  curator_public: z.boolean().optional(),
  groups: z.array(z.number().int()).optional(),
});
export type CredentialUpdate = z.input<typeof CredentialUpdateSchema>;

export const CredentialSnapshotSchema = z.looseObject({
  id: z.number().int(),
  credential_json: z.record(z.string(), z.unknown()).nullish().transform((v) => v ?? {}),
  admin_public: nullish(z.boolean()),
  source: SourceKindResponse,
  user_id: nullish(z.string()),
  user_email: nullish(z.string()),
  time_created: nullish(z.string()),
  time_updated: nullish(z.string()),
  name: nullish(z.string()),
  curator_public: nullish(z.boolean()),
  groups: nullish(z.array(z.number())),
});
export type CredentialSnapshot = z.output<typeof CredentialSnapshotSchema>;

/** The specification's alternative PATCH response; the real server returns it from DELETE routes only. */
export const StatusResponseSchema = z.looseObject({
  success: z.boolean(),
  message: nullish(z.string()),
  data: z.unknown().optional(),
});
export type StatusResponse = z.output<typeof StatusResponseSchema>;

export const CredentialUpdateResponseSchema = z.union([CredentialSnapshotSchema, StatusResponseSchema]);
export type CredentialUpdateResponse = z.output<typeof CredentialUpdateResponseSchema>;

/** The real server's `GET /me`: who the key belongs to (only the fields the client uses are read). */
export const CurrentUserSchema = z.looseObject({
  id: z.string(),
  email: nullish(z.string()),
});
export type CurrentUser = z.output<typeof CurrentUserSchema>;

// ---------------------------------------------------------------------------------------------- user files

export const UserFileRecordSchema = z.looseObject({
  id: z.string(),
  name: nullish(z.string()),
  user_id: nullish(z.string()),
  file_id: nullish(z.string()),
  created_at: nullish(z.string()),
  status: UserFileStatusSchema,
  last_accessed_at: nullish(z.string()),
  file_type: nullish(z.string()),
  chat_file_type: ChatFileTypeSchema.optional(),
  token_count: nullish(z.number()),
  chunk_count: nullish(z.number()),
  temp_id: nullish(z.string()),
  project_id: nullish(z.number()),
});
export type UserFileRecord = z.output<typeof UserFileRecordSchema>;

export const UserFileStatusesResponseSchema = z.array(UserFileRecordSchema);

const UUID = /^[0-9a-f]{8}-?[0-9a-f]{4}-?[0-9a-f]{4}-?[0-9a-f]{4}-?[0-9a-f]{12}$/i;
export const UserFileIdSchema = z.string().regex(UUID, { error: () => l10n.t('must be a UUID such as 0f8e5b4c-1d2a-4b3c-9e8f-7a6b5c4d3e2f') });

/** The real server answers every upload with this, rejections included (docs/architecture.md#user-files). */
export const UploadResponseSchema = z.looseObject({
  user_files: z.array(UserFileRecordSchema).default([]),
  rejected_files: z
    .array(z.looseObject({ file_name: nullish(z.string()), reason: nullish(z.string()) }))
    .default([]),
});
export type UploadResponse = z.output<typeof UploadResponseSchema>;

// ---------------------------------------------------------------------------------------------- ingestion

export const OwnerSchema = z.strictObject({
  display_name: z.string().optional(),
  first_name: z.string().optional(),
  middle_initial: z.string().nullable().optional(),
  last_name: z.string().optional(),
  email: z.string().optional(),
});
export type Owner = z.input<typeof OwnerSchema>;

export const TextSectionSchema = z.strictObject({
  type: z.literal('text').optional(),
  text: z.string(),
  link: z.string().optional(),
  heading: z.string().optional(),
});
/** `type: "image"` is always sent: without it the real server would take a text+image section as text. */
export const ImageSectionSchema = z.strictObject({
  type: z.literal('image'),
  image_file_id: z.string().min(1),
  text: z.string().optional(),
  link: z.string().optional(),
  heading: z.string().optional(),
});
export const SectionSchema = z.union([ImageSectionSchema, TextSectionSchema]);
export type TextSection = z.input<typeof TextSectionSchema>;
export type ImageSection = z.input<typeof ImageSectionSchema>;
export type Section = z.input<typeof SectionSchema>;

/** An offset is required: a naive time makes the real server skip updates silently (docs/architecture.md#dates). */
const OffsetDateTime = z.iso.datetime({
  offset: true,
  error: () => l10n.t('must be an ISO 8601 time with a time zone offset, such as 2026-11-23T10:00:00Z'),
});


export const IngestionDocumentSchema = z.strictObject({
  id: z.string().regex(DOCUMENT_ID_PATTERN, { error: () => l10n.t('may only contain letters, digits and . _ ~ -') }).optional(),
  semantic_identifier: z.string().min(1, { error: () => l10n.t('must not be empty') }),
  title: z.string().optional(),
  sections: z.array(SectionSchema).min(1, { error: () => l10n.t('needs at least one section') }),
  source: SourceKindSchema,
  metadata: z.record(z.string(), z.union([z.string(), z.array(z.string())])),
  doc_updated_at: OffsetDateTime.optional(),
  chunk_count: z.number().int().nonnegative().optional(),
  primary_owners: z.array(OwnerSchema).optional(),
  secondary_owners: z.array(OwnerSchema).optional(),
  from_ingestion_api: z.boolean().optional(),
});
export type IngestionDocument = z.input<typeof IngestionDocumentSchema>;

export const IngestionRequestSchema = z.strictObject({
  document: IngestionDocumentSchema,
  cc_pair_id: z.number().int().positive().optional(),
});
export type IngestionRequest = z.input<typeof IngestionRequestSchema>;

/** The specification shows only `already_existed`; the real server adds the normalised `document_id`. */
export const IngestionResultSchema = z.looseObject({
  already_existed: nullish(z.boolean()),
  document_id: nullish(z.string()),
});
export type IngestionResult = z.output<typeof IngestionResultSchema>;

// ---------------------------------------------------------------------------------------------- connectors (real server)

export const ConnectorStatusSchema = z.looseObject({
  cc_pair_id: z.number().int(),
  name: nullish(z.string()),
  connector: z.looseObject({
    id: z.number().int(),
    name: nullish(z.string()),
    source: SourceKindResponse,
  }),
  access_type: nullish(z.string()),
  groups: nullish(z.array(z.number())),
});
export type ConnectorStatus = z.output<typeof ConnectorStatusSchema>;
export const ConnectorStatusListSchema = z.array(ConnectorStatusSchema);

/** The part of the real server's `CCPairFullInfo` a client needs to know a pair exists and what it is. */
export const PairInfoSchema = z.looseObject({
  id: z.number().int(),
  name: nullish(z.string()),
  is_editable_for_current_user: nullish(z.boolean()),
});
export type PairInfo = z.output<typeof PairInfoSchema>;

/**
 * The real server's `DocMinimalInfo`, as its connector-docs and ingestion listings return it. `link` is the first
 * section's link. The id is the stored one (normalised by the server): the one to delete with.
 */
export const DocMinimalInfoSchema = z.looseObject({
  document_id: z.string(),
  semantic_id: nullish(z.string()),
  link: nullish(z.string()),
});
export const DocMinimalInfoListSchema = z.array(DocMinimalInfoSchema);

/** One document the service holds. */
export interface DocumentInfo {
  documentId: string;
  /** The server's `semantic_id` (the display title); empty when it has none. */
  title: string;
  link: string | undefined;
}

// ---------------------------------------------------------------------------------------------- errors

export const ValidationErrorItemSchema = z.looseObject({
  loc: z.array(z.union([z.string(), z.number()])),
  msg: z.string(),
  type: z.string(),
  input: z.unknown().optional(),
  ctx: z.record(z.string(), z.unknown()).optional(),
});
export const HTTPValidationErrorSchema = z.looseObject({ detail: z.array(ValidationErrorItemSchema).optional() });
export type ValidationErrorItem = z.output<typeof ValidationErrorItemSchema>;
