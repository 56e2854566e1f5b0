/**
 * Owners (`primary_owners`, `secondary_owners`) written in front matter.
 *
 * Each owner is one of:
 * - `"Jane Doe <jane@example.com>"` → `{ display_name: "Jane Doe", email: "jane@example.com" }`;
 * - `jane@example.com` → `{ email: "jane@example.com" }`;
 * - `Jane Doe` → `{ display_name: "Jane Doe" }`;
 * - an object with the service's fields `display_name`, `first_name`, `middle_initial`, `last_name`, `email`
 *   (`name` is accepted as another word for `display_name`).
 * The value is one owner or a list of them. Names are never split into first and last names: that cannot be
 * done right for every culture, and the service displays `display_name` first.
 */
import type { Owner } from '../../api/schemas';
import { DocumentError } from '../problems/errors';
import * as l10n from '@vscode/l10n';

const NAME_AND_EMAIL = /^(.*?)\s*<\s*([^<>\s]+@[^<>\s]+)\s*>$/;
const EMAIL = /^[^\s@<>]+@[^\s@<>]+$/;
const OWNER_FIELDS = new Set(['display_name', 'first_name', 'middle_initial', 'last_name', 'email', 'name']);

function unquote(text: string): string {
  const m = /^"(.*)"$|^'(.*)'$/.exec(text);
  return m ? (m[1] ?? m[2] ?? '').trim() : text;
}

function invalid(key: string, what: string, line?: number): DocumentError {
  return new DocumentError(
    'invalidField',
    l10n.t('The front matter {0} {1}; write an owner as "Jane Doe <jane@example.com>", an email, or an object with display_name and email.', key, what),
    { key, line },
  );
}

/** Parses one owner written as text or as an object. */
export function parseOwner(value: unknown, key: string, line?: number): Owner {
  if (typeof value === 'string') {
    const text = value.trim();
    if (text === '') throw invalid(key, l10n.t('is empty'), line);
    const both = NAME_AND_EMAIL.exec(text);
    if (both) {
      const name = unquote((both[1] ?? '').trim());
      const email = both[2] ?? '';
      return name === '' ? { email } : { display_name: name, email };
    }
    if (EMAIL.test(text)) return { email: text };
    if (/[<>]/.test(text)) throw invalid(key, l10n.t('“{0}” is not a name with an email in <…>', text), line);
    return { display_name: text };
  }
  if (value !== null && typeof value === 'object' && !Array.isArray(value) && !(value instanceof Date)) {
    const owner: Owner = {};
    for (const [field, fieldValue] of Object.entries(value as Record<string, unknown>)) {
      if (!OWNER_FIELDS.has(field)) {
        throw invalid(`${key}.${field}`, l10n.t('is not an owner field (use display_name, first_name, middle_initial, last_name or email)'), line);
      }
      if (fieldValue === null && field === 'middle_initial') {
        owner.middle_initial = null;
        continue;
      }
      if (typeof fieldValue !== 'string' || fieldValue.trim() === '') {
        throw invalid(`${key}.${field}`, l10n.t('must be non-empty text'), line);
      }
      const target = field === 'name' ? 'display_name' : (field as keyof Owner);
      owner[target] = fieldValue.trim();
    }
    if (Object.keys(owner).length === 0) throw invalid(key, l10n.t('is an empty object'), line);
    return owner;
  }
  throw invalid(key, l10n.t('must be text or an object, not {0}', describeType(value)), line);
}

/**
 * Parses `primary_owners` / `secondary_owners`: one owner or a list. `null` (a key with no value) means "not
 * set" and gives undefined; an empty list means "no owners" and gives `[]` (so no owner is taken from git).
 */
export function parseOwners(value: unknown, key: string, line?: number): Owner[] | undefined {
  if (value === null || value === undefined) return undefined;
  if (Array.isArray(value)) return value.map((item, i) => parseOwner(item, `${key}[${i}]`, line));
  return [parseOwner(value, key, line)];
}

export function describeType(value: unknown): string {
  if (value === null) return 'empty';
  if (Array.isArray(value)) return 'a list';
  if (value instanceof Date) return 'a date';
  if (typeof value === 'object') return l10n.t('an object');
  if (typeof value === 'number') return 'a number';
  if (typeof value === 'boolean') return 'true/false';
  return typeof value;
}
