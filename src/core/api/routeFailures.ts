/** The sentences of the routes' failures: what a 404, 403, 400 or timeout of a listing, a delete or an upload means. */
import { NotFoundError, PermissionError, RejectedError, ServerError, ServiceError, TimeoutError } from './errors';
import type { UploadResponse, UserFileRecord } from './schemas';
import * as l10n from '@vscode/l10n';

export function explainConnectorListing(e: unknown): unknown {
  if (e instanceof NotFoundError && e.what === 'route') {
    return new NotFoundError(
      l10n.t('This server does not offer a connector listing.'),
      l10n.t('List the file connector ids in the setting docIngest.connectorIds instead.'),
      'route',
      { status: e.status, request: e.request, serverText: e.serverText, setting: 'connectorIds' },
    );
  }
  if (e instanceof PermissionError) {
    return new PermissionError(
      l10n.t('This key may not list connectors (it needs connector-manager or admin rights).'),
      l10n.t('Use a manager or admin key, or list the file connector ids in the setting docIngest.connectorIds.'),
      { status: e.status, request: e.request, serverText: e.serverText, errorCode: e.errorCode, setting: 'connectorIds' },
    );
  }
  return e;
}

export function explainDocumentListing(e: unknown, what: string): unknown {
  if (e instanceof NotFoundError && e.what === 'route') {
    return new NotFoundError(
      l10n.t('This server does not list the documents of {0} (HTTP 404).', what),
      l10n.t('The server is older or follows only the specification; what this workspace published is still known from its own record.'),
      'route',
      { status: e.status, request: e.request, serverText: e.serverText },
    );
  }
  if (e instanceof PermissionError) {
    return new PermissionError(
      l10n.t('This key may not list the documents of {0} (HTTP 403): it needs connector-manager rights there, or the pair does not exist.', what),
      l10n.t('Check the connector-credential pair (setting docIngest.ccPairId), or use a key that may manage it.'),
      { status: e.status, request: e.request, serverText: e.serverText, errorCode: e.errorCode, setting: 'ccPairId' },
    );
  }
  return e;
}

/**
 * The service's own answer for a document it does not hold: the real server's `DOCUMENT_NOT_FOUND`, or (older
 * servers and the specification's) the detail "Document not found".
 */
export function saysDocumentNotFound(e: ServiceError): boolean {
  return e.errorCode === 'DOCUMENT_NOT_FOUND' || /^document not found\.?$/i.test(e.serverText?.trim() ?? '');
}

/** One sentence per way a delete fails, each naming the document; a timeout is "unknown", never "done". */
export function explainDelete(e: unknown, documentId: string): unknown {
  if (!(e instanceof ServiceError)) return e;
  const init = { status: e.status, request: e.request, serverText: e.serverText, errorCode: e.errorCode };
  if (e instanceof NotFoundError && e.what === 'object' && saysDocumentNotFound(e)) {
    return new NotFoundError(l10n.t('The service holds no document "{0}" (HTTP 404): it may have been deleted already.', documentId), l10n.t('Refresh the list of documents.'), 'object', init);
  }
  if (e instanceof NotFoundError && e.what === 'object') {
    // A 404 that is not the service's own answer (a gateway's "404 page not found"): nothing says the document is
    // gone, and taking it so would make the ledger forget a document the pair still holds.
    return new ServerError(
      l10n.t('The delete of "{0}" got HTTP 404 without the service\'s "document not found"{1}: a proxy or gateway may be in the way, so the document may still be there.', documentId, e.serverText ? l10n.t(' (the answer said: "{0}")', e.serverText) : ''),
      l10n.t('Check the server URL and any proxy between you and the service, then try again.'),
      init,
    );
  }
  if (e instanceof NotFoundError) {
    return new NotFoundError(l10n.t('This server has no route to delete documents (HTTP 404 for {0} {1}).', e.request?.method ?? 'DELETE', e.request?.path ?? ''), l10n.t('Delete the document in the server\'s admin pages.'), 'route', init);
  }
  if (e.status === 400) {
    return new RejectedError(
      l10n.t('The document "{0}" was not created through the ingestion route, so it cannot be deleted through it (HTTP 400).', documentId),
      l10n.t('Remove it from the connector it came from.'),
      init,
    );
  }
  if (e instanceof PermissionError) {
    return new PermissionError(
      l10n.t('This key may not delete "{0}" (HTTP 403): it must be allowed to edit every connector pair that holds the document.', documentId),
      l10n.t('Use a key that manages those connectors, or ask an admin to delete it.'),
      init,
    );
  }
  if (e instanceof TimeoutError) {
    return new TimeoutError(
      l10n.t('The server did not answer the delete of "{0}" in time: it may or may not have been deleted.', documentId),
      l10n.t('Refresh the list of documents to see whether it is still there.'),
      e.timeoutMs,
      init,
    );
  }
  return e;
}

export function firstUploaded(res: UploadResponse, name: string): UserFileRecord {
  const file = res.user_files[0];
  if (file) return file;
  const reason = res.rejected_files[0]?.reason;
  throw new RejectedError(
    l10n.t('The server did not accept {0}{1}', name, reason ? `: ${reason}` : '.'),
    l10n.t('Check the file type and size the server allows.'),
    { serverText: reason ?? undefined },
  );
}
