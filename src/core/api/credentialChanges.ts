/**
 * What a credential update did, read from the server's answer. The real server applies only `credential_json`
 * (and makes the caller the owner); the specification's applies every field. So the answer, not the request,
 * says what changed.
 */
import type { CredentialSnapshot, CredentialUpdate, CredentialUpdateResponse } from './schemas';

/** Body fields whose effect can be read back from the answer. */
export type CheckedCredentialField = 'name' | 'admin_public' | 'curator_public' | 'source';

/**
 * The fields that were sent but that the answer shows with another value, in body order. Not compared, because
 * the answer cannot tell: `credential_json` (the server masks secrets in its answer), `groups` (the real server
 * always answers `[]`) and `user_email` (always null in the real server's answer). An answer without a
 * snapshot (the specification's `{success, message}`) tells nothing, so nothing is named.
 */
export function unappliedCredentialFields(sent: CredentialUpdate, answer: CredentialUpdateResponse): CheckedCredentialField[] {
  if (!isSnapshot(answer)) return [];
  const unapplied: CheckedCredentialField[] = [];
  // An omitted optional field asks for no change; the server's `null` name and an empty one mean the same.
  if (sent.name !== undefined && (sent.name || null) !== (answer.name || null)) unapplied.push('name');
  if (answer.admin_public != null && sent.admin_public !== answer.admin_public) unapplied.push('admin_public');
  if (sent.curator_public !== undefined && answer.curator_public != null && sent.curator_public !== answer.curator_public) unapplied.push('curator_public');
  if (answer.source !== 'unknown' && sent.source !== answer.source) unapplied.push('source');
  return unapplied;
}

/** The owner the answer names, when it names one (`null`: no owner; undefined: the answer does not say). */
export function ownerInAnswer(answer: CredentialUpdateResponse): string | null | undefined {
  return isSnapshot(answer) ? answer.user_id : undefined;
}

/** The real server answers with the snapshot; the specification allows `{success, message, data}` instead. */
export function isSnapshot(answer: CredentialUpdateResponse): answer is CredentialSnapshot {
  return typeof (answer as { id?: unknown }).id === 'number' && !('success' in answer);
}
