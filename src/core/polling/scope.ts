/**
 * Which server and user a list of tracked user files belongs to. A user file id means something only to the
 * server that issued it, and the statuses route answers only for the key's own files: a list made with one
 * server and key is kept apart from every other (docs/architecture.md#user-files).
 */
import { createHash } from 'node:crypto';
import { parseSerializedPollerState, type SerializedPollerState } from './trackedFiles';

/** The first 16 hex digits of the key's SHA-256: tells keys apart without keeping the key. */
export function keyFingerprint(key: string): string {
  return createHash('sha256').update(key, 'utf8').digest('hex').slice(0, 16);
}

/** The name under which a server + key's list is stored. */
export function scopeName(baseUrl: string, fingerprint: string): string {
  return `${baseUrl} ${fingerprint}`;
}

/** Persisted lists per scope (`scopeName`), read leniently: a malformed entry is dropped, never thrown. */
export type ScopedPollerStates = Record<string, SerializedPollerState>;

export function parseScopedPollerStates(value: unknown): ScopedPollerStates {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return {};
  const out: ScopedPollerStates = {};
  for (const [scope, state] of Object.entries(value as Record<string, unknown>)) {
    const files = parseSerializedPollerState(state);
    if (files.length) out[scope] = { version: 1, files };
  }
  return out;
}
