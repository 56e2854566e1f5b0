// GET /me (observed only): who the key belongs to and what it may do.
import { isGroupManager } from '../auth';
import { ok } from '../http';
import type { Route } from '../router';

export const me: Route = {
  method: 'GET',
  path: '/me',
  gate: 'me',
  body: 'none',
  where: { file: '/app/onyx/server/manage/users.py', line: 1040, fn: 'verify_user_logged_in' },
  handle({ principal }) {
    return ok({
      id: principal.user.id,
      email: principal.user.email,
      is_active: true,
      is_superuser: false,
      is_verified: true,
      role: principal.role,
      is_anonymous_user: false,
      preferences: {},
      effective_permissions: principal.permissions,
      is_group_manager: isGroupManager(principal),
    });
  },
};
