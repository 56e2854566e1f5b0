// What kind of file a user upload is, and which uploads the server accepts.
import type { FileKind } from './types';

const IMAGE_EXTENSIONS = new Set(['.png', '.jpg', '.jpeg', '.webp']);
const TABULAR_EXTENSIONS = new Set(['.csv', '.tsv', '.xlsx']);
const DOCUMENT_EXTENSIONS = new Set(['.pdf', '.docx', '.pptx', '.doc', '.epub', '.eml', '.html', '.htm']);
const TEXT_EXTENSIONS = new Set([
  '.txt', '.md', '.mdx', '.markdown', '.json', '.xml', '.yml', '.yaml', '.conf', '.log', '.ini', '.rst', '.adoc',
]);

const IMAGE_TYPES = new Set(['image/jpg', 'image/jpeg', 'image/png', 'image/webp']);
const TABULAR_TYPES = new Set([
  'text/csv', 'text/tab-separated-values', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
]);
const DOCUMENT_TYPES = new Set([
  'application/pdf', 'text/html', 'application/epub+zip', 'message/rfc822', 'application/msword',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  'application/vnd.openxmlformats-officedocument.presentationml.presentation',
]);

/** Lower-case extension with the dot, or `''`. */
export function extensionOf(name: string): string {
  const m = /\.[^./\\]+$/.exec(name);
  return m ? m[0].toLowerCase() : '';
}

export function isAcceptedExtension(ext: string): boolean {
  return IMAGE_EXTENSIONS.has(ext) || TABULAR_EXTENSIONS.has(ext) || DOCUMENT_EXTENSIONS.has(ext) || TEXT_EXTENSIONS.has(ext);
}

export function isImageName(name: string): boolean {
  return IMAGE_EXTENSIONS.has(extensionOf(name));
}

export function isTabularName(name: string): boolean {
  return TABULAR_EXTENSIONS.has(extensionOf(name));
}

function kindFromContentType(contentType: string | null): FileKind | undefined {
  const ct = (contentType ?? '').split(';')[0]?.trim().toLowerCase() ?? '';
  if (IMAGE_TYPES.has(ct)) return 'image';
  if (TABULAR_TYPES.has(ct)) return 'tabular';
  if (DOCUMENT_TYPES.has(ct)) return 'document';
  if (ct.startsWith('text/')) return 'plain_text';
  return undefined;
}

function kindFromName(name: string): FileKind {
  const ext = extensionOf(name);
  if (IMAGE_EXTENSIONS.has(ext)) return 'image';
  if (TABULAR_EXTENSIONS.has(ext)) return 'tabular';
  if (DOCUMENT_EXTENSIONS.has(ext)) return 'document';
  return 'plain_text';
}

/**
 * `chat_file_type` of an upload. The real server derives it from the part's Content-Type only (unknown or
 * missing gives `plain_text`); with `byNameFallback` (the spec dialect's choice) the extension decides when
 * the Content-Type says nothing useful.
 */
export function fileKind(name: string, contentType: string | null, byNameFallback: boolean): FileKind {
  return kindFromContentType(contentType) ?? (byNameFallback ? kindFromName(name) : 'plain_text');
}

/** A Content-Type for seeded files, from the name. */
export function contentTypeFor(name: string): string {
  const ext = extensionOf(name);
  const known: Record<string, string> = {
    '.png': 'image/png', '.jpg': 'image/jpeg', '.jpeg': 'image/jpeg', '.webp': 'image/webp', '.csv': 'text/csv',
    '.pdf': 'application/pdf', '.md': 'text/markdown', '.txt': 'text/plain', '.json': 'application/json',
  };
  return known[ext] ?? 'application/octet-stream';
}
