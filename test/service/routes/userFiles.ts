// POST /user/projects/file/statuses, and the user file record both it and the upload routes return.
import type { Dialect } from '../dialects';
import { ok } from '../http';
import type { Route } from '../router';
import type { UserFileRecord } from '../types';
import { asList, asUuid, bodyObject, field, type Issue } from '../validation';

export const PROJECTS_PY = '/app/onyx/server/features/projects/api.py';

/** UserFileSnapshot. Both dialects: project_id null (no projects here). Observed: created_at without offset. */
export function userFileSnapshot(f: UserFileRecord, dialect: Dialect): Record<string, unknown> {
  return {
    id: f.id,
    temp_id: f.tempId,
    name: f.name,
    project_id: null,
    user_id: f.userId,
    file_id: f.fileId,
    created_at: dialect.naiveTime(f.createdAt),
    status: f.status,
    last_accessed_at: f.lastAccessedAt ? dialect.awareTime(f.lastAccessedAt) : null,
    file_type: f.contentType,
    chat_file_type: dialect.chatFileType(f.kind),
    token_count: f.tokenCount,
    chunk_count: f.chunkCount,
  };
}

export const fileStatuses: Route = {
  method: 'POST',
  path: '/user/projects/file/statuses',
  gate: 'basic',
  body: 'json',
  where: { file: PROJECTS_PY, line: 600, fn: 'get_user_file_statuses' },
  handle({ store, dialect, principal, json, invalid }) {
    const issues: Issue[] = [];
    const body = bodyObject(json, issues);
    const ids = body && field(body, 'file_ids', ['body'], asList(asUuid), issues, { required: true });
    if (!Array.isArray(ids)) throw invalid(issues);
    // The real server has no ORDER BY: answer in reverse request order so clients cannot rely on any order.
    const wanted = [...new Set(ids)].reverse();
    const files = wanted.flatMap((id) => {
      const f = store.userFiles.get(id);
      if (!f || f.userId !== principal.user.id) return [];
      if (f.status === 'DELETING' && !dialect.statusesIncludeDeleting) return [];
      return [userFileSnapshot(f, dialect)];
    });
    return ok(files);
  },
};
