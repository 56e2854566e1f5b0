// User file upload: POST /user/file/upload (spec) or POST /user/projects/file/upload (observed), multipart
// with repeatable `files`. Response in both: {user_files: [UserFileSnapshot], rejected_files: [{file_name, reason}]}.
import { extensionOf, isAcceptedExtension, isImageName, isTabularName } from '../fileKinds';
import { detailError, ok } from '../http';
import type { HandlerContext, Route, Settings } from '../router';
import type { UserFileRecord } from '../types';
import { asInt, INVALID, type Issue } from '../validation';
import { PROJECTS_PY, userFileSnapshot } from './userFiles';

/** The real server's default file size limit (settings can change it). */
export const MAX_UPLOAD_BYTES = 100 * 1024 * 1024;
const UPLOAD_FAILED = 'Failed to upload files. Please try again or contact support if the issue persists.';

async function readForm(ctx: HandlerContext): Promise<FormData | undefined> {
  if (!/^multipart\/form-data/i.test(ctx.contentType) && !/^application\/x-www-form-urlencoded/i.test(ctx.contentType)) {
    return undefined;
  }
  try {
    return await new Request('http://local/', {
      method: 'POST', headers: { 'content-type': ctx.contentType }, body: new Uint8Array(ctx.rawBody),
    }).formData();
  } catch {
    throw detailError(400, 'There was an error parsing the body');
  }
}

function tempIds(form: FormData): Record<string, string> {
  const raw = form.get('temp_id_map');
  if (typeof raw !== 'string') return {};
  const parsed: unknown = JSON.parse(raw); // a bad map is an exception inside the handler: 500 below
  return typeof parsed === 'object' && parsed !== null ? (parsed as Record<string, string>) : {};
}

function rejection(file: File, settings: Settings, observed: boolean): string | 'skip' | undefined {
  const ext = extensionOf(file.name);
  const tokenLimit = settings.uploadTokenLimit;
  // The real limit is whole megabytes; a limit in bytes below that prints as a fraction (e.g. 0.0009765625 MB).
  if (file.size > settings.maxUploadBytes) return `Exceeds ${settings.maxUploadBytes / (1024 * 1024)} MB file size limit`;
  if (!isAcceptedExtension(ext)) return `Unsupported file type: ${ext || file.name}`;
  if (isImageName(file.name) || Math.ceil(file.size / 4) <= tokenLimit) return undefined;
  if (observed && isTabularName(file.name)) return 'skip';
  return `Exceeds ${Math.round(tokenLimit / 1000)}K token limit`;
}

async function upload(ctx: HandlerContext): Promise<ReturnType<typeof ok>> {
  const { store, dialect, processor, principal, settings } = ctx;
  const observed = dialect.name === 'observed';
  const form = await readForm(ctx);
  const issues: Issue[] = [];
  const parts = form?.getAll('files') ?? [];
  if (parts.length === 0) issues.push({ type: 'missing', loc: ['body', 'files'], msg: 'Field required', input: null });
  parts.forEach((p, i) => {
    if (typeof p === 'string') {
      issues.push({ type: 'value_error', loc: ['body', 'files', i], msg: "Value error, Expected UploadFile, received: <class 'str'>", input: p, ctx: { error: {} } });
    }
  });
  const projectId = observed ? form?.get('project_id') : null;
  const project = typeof projectId === 'string' ? asInt(projectId, ['body', 'project_id'], issues) : undefined;
  if (issues.length) throw ctx.invalid(issues);
  // This service has no projects, so a project id is the real server's "project not owned": a 500.
  if (project !== undefined && project !== INVALID) throw detailError(500, UPLOAD_FAILED);
  let temp: Record<string, string>;
  try {
    temp = form ? tempIds(form) : {};
  } catch {
    throw detailError(500, UPLOAD_FAILED);
  }
  const accepted: UserFileRecord[] = [];
  const rejected: { file_name: string; reason: string }[] = [];
  for (const part of parts) {
    if (typeof part === 'string') continue;
    const verdict = rejection(part, settings, observed);
    if (verdict !== undefined && verdict !== 'skip') {
      rejected.push({ file_name: part.name, reason: verdict });
      continue;
    }
    const file = store.addUserFile(principal.name, {
      name: part.name,
      size: part.size,
      contentType: part.type || null,
      status: verdict === 'skip' ? 'SKIPPED' : 'PROCESSING',
      tempId: temp[`${part.size}|${part.name.slice(0, 50)}`] ?? null,
      byNameFallback: !observed,
    });
    processor.started(file);
    accepted.push(file);
  }
  return ok({ user_files: accepted.map((f) => userFileSnapshot(f, dialect)), rejected_files: rejected });
}

export function uploadRoute(path: string): Route {
  return {
    method: 'POST',
    path,
    gate: 'basic',
    body: 'multipart',
    where: { file: PROJECTS_PY, line: 174, fn: 'upload_user_files' },
    handle: upload,
  };
}
