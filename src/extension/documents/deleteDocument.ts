import { NotFoundError } from '../../core/api/errors';
import type { ServiceClient } from '../../core/api/client';
import type { Ledger } from '../../core/ledger/ledger';
import { scopeServer } from '../../core/ledger/scope';
import type { SendEvents } from '../sent/sendEvents';

/**
 * - `deleted`: the server confirmed the delete (200);
 * - `alreadyGone`: the server holds no such document (404): gone either way;
 * - `failed`: refused, or unknown (a timeout: it may or may not have been deleted); the error's sentence names the id.
 */
export type DeleteOutcome = { kind: 'deleted' } | { kind: 'alreadyGone' } | { kind: 'failed'; error: unknown };

/** A document the server no longer holds, in the ledger scope (server and pair) it was deleted from. */
export interface DeletedDocument { scope: string; documentId: string }

/**
 * The one way the editor deletes a document (Delete from Service, Find Orphans, renames): by the id the server
 * stored, and only when the server confirmed that it is gone, the ledger forgets it in `scope` (its file counts as
 * never ingested there) and the window's one send event tells the views. A failure, a timeout included, leaves
 * everything as it was. Never retried (the client sends a delete once).
 */
export class DocumentDeleter {
  constructor(private readonly ledger: Promise<Ledger>, private readonly sends: SendEvents) {}

  async delete(client: ServiceClient, scope: string, documentId: string): Promise<DeleteOutcome> {
    let outcome: DeleteOutcome;
    try {
      await client.deleteDocument(documentId);
      outcome = { kind: 'deleted' };
    } catch (error) {
      if (!(error instanceof NotFoundError && error.what === 'object')) return { kind: 'failed', error };
      outcome = { kind: 'alreadyGone' };
    }
    (await this.ledger).forget(scope, documentId);
    this.sends.fire({ kind: 'deleted', server: scopeServer(scope), scope, documentId, at: new Date() });
    return outcome;
  }
}
