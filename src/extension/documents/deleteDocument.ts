import { NotFoundError } from '../../core/api';
import type { ServiceClient } from '../../core/api';
import type { Ledger } from '../../core/ledger';

/**
 * - `deleted`: the server confirmed the delete (200);
 * - `alreadyGone`: the server holds no such document (404): gone either way;
 * - `failed`: refused, or unknown (a timeout: it may or may not have been deleted); the error's sentence names the id.
 */
export type DeleteOutcome = { kind: 'deleted' } | { kind: 'alreadyGone' } | { kind: 'failed'; error: unknown };

/**
 * Deletes one document by the id the server stored, and only when the server confirmed that it is gone, makes the
 * ledger forget it in `scope`, so that its file counts as never ingested there. A failure, a timeout included,
 * leaves the ledger as it was. Never retried (the client sends a delete once).
 */
export async function deleteAndForget(client: ServiceClient, ledger: Ledger, scope: string, documentId: string): Promise<DeleteOutcome> {
  try {
    await client.deleteDocument(documentId);
  } catch (error) {
    if (!(error instanceof NotFoundError && error.what === 'object')) return { kind: 'failed', error };
    ledger.forget(scope, documentId);
    return { kind: 'alreadyGone' };
  }
  ledger.forget(scope, documentId);
  return { kind: 'deleted' };
}
