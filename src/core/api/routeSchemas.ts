/**
 * Every zod schema the client checks requests and reads answers with, but for the plain checks of `answers.ts`: one
 * module the client loads with the first request that needs one, so that creating a client, and `doc-ingest check`,
 * load no zod (issue 37).
 */
import * as z from 'zod';
import { CredentialSnapshotSchema } from './schemas';

export {
  ConnectorFilesResponseSchema,
  ConnectorStatusListSchema,
  CredentialUpdateResponseSchema,
  CredentialUpdateSchema,
  CurrentUserSchema,
  DocMinimalInfoListSchema,
  IngestionRequestSchema,
  IngestionResultSchema,
  UploadResponseSchema,
  UserFileIdSchema,
  UserFileStatusesResponseSchema,
} from './schemas';
export { SEARCH_RESPONSE } from './searchSchemas';

/** An id in a route (a connector, a credential, a pair). */
export const IdNumberSchema = z.number().int().nonnegative();
export const CredentialListSchema = z.array(CredentialSnapshotSchema);
export const NameSchema = z.string().min(1);
export const SearchQuerySchema = z.string().trim().min(1);
export const SearchLimitSchema = z.number().int().positive().optional();
export const NoContent = z.unknown();
