/** A user file's id as the server answers it, apart from the poller: the ledger keys its uploads by it too. */

/** Lower case; 32 hex digits get their dashes. The server answers with this form (docs/architecture.md#user-files). */
export function canonicalUserFileId(id: string): string {
  const s = id.trim().toLowerCase();
  const m = /^([0-9a-f]{8})([0-9a-f]{4})([0-9a-f]{4})([0-9a-f]{4})([0-9a-f]{12})$/.exec(s);
  return m ? m.slice(1).join('-') : s;
}
