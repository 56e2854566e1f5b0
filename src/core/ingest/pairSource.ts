/**
 * A pair the server does not know (404) or lets this key not edit (403) names the pair setting as the thing to
 * fix. When the pair came from the file's front matter, the setting played no part: say where it came from
 * (and name no setting, so that no "Open Settings" leads the writer to the wrong place).
 */
import { NotFoundError, PermissionError } from '../api/errors';
import * as l10n from '@vscode/l10n';

export function explainPairSource(e: unknown, frontMatterPair: number | undefined, file: string): unknown {
  if (frontMatterPair === undefined) return e;
  if (e instanceof NotFoundError && e.setting === 'ccPairId') {
    const action = l10n.t('Check cc_pair_id: {0} in the front matter of {1} (it is used instead of the setting).', frontMatterPair, file);
    return new NotFoundError(e.summary, action, e.what, { status: e.status, request: e.request, serverText: e.serverText, errorCode: e.errorCode, cause: e });
  }
  if (e instanceof PermissionError && e.setting === 'ccPairId') {
    const action = l10n.t('Change cc_pair_id: {0} in the front matter of {1} to a pair this key may edit, or ask an admin for access.', frontMatterPair, file);
    return new PermissionError(e.summary, action, { status: e.status, request: e.request, serverText: e.serverText, errorCode: e.errorCode, cause: e });
  }
  return e;
}
