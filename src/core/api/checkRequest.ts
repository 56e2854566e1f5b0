/** The strict check of a request before it is sent (docs/architecture.md#layers). */
import type * as z from 'zod';
import { ValidationError } from './errors';
import * as l10n from '@vscode/l10n';

/** Strict validation of what we are about to send: a clear error naming the field, and no request. */
export function check<S extends z.ZodType>(schema: S, value: unknown, root = ''): z.output<S> {
  const parsed = schema.safeParse(value);
  if (parsed.success) return parsed.data;
  const issues = parsed.error.issues.map((i) => ({
    path: [root, ...i.path.map(String)].filter(Boolean).join('.'),
    message: i.message,
  }));
  const text = issues.slice(0, 5).map((i) => (i.path ? `${i.path}: ${i.message}` : i.message)).join('; ');
  throw new ValidationError(l10n.t('Not sent: the request is invalid ({0}).', text), l10n.t('Correct the fields named, then try again.'), issues, false);
}
