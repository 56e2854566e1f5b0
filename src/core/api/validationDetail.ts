/**
 * The specification's 422 body (`HTTPValidationError`) read without zod: `classify.ts` reads it for every refused
 * request, `doc-ingest check`'s route probe among them, and loading zod for it cost more than the request (issue
 * 37). It judges exactly as `HTTPValidationErrorSchema` does (`validationDetail.test.ts` compares the two).
 */
import { isJsonObject } from '../jsonObject';

export interface ValidationDetailItem {
  loc: (string | number)[];
  msg: string;
}

/** The items of `detail`, or undefined where `HTTPValidationErrorSchema` would refuse the body; [] without any. */
export function validationDetailOf(json: unknown): ValidationDetailItem[] | undefined {
  if (!isJsonObject(json)) return undefined;
  const detail = json.detail;
  if (detail === undefined) return [];
  if (!Array.isArray(detail) || !detail.every(isDetailItem)) return undefined;
  return detail;
}

function isDetailItem(item: unknown): item is ValidationDetailItem {
  return (
    isJsonObject(item) &&
    Array.isArray(item.loc) &&
    item.loc.every((p) => typeof p === 'string' || (typeof p === 'number' && Number.isFinite(p))) &&
    typeof item.msg === 'string' &&
    typeof item.type === 'string' &&
    (item.ctx === undefined || isRecord(item.ctx))
  );
}

/** As `z.record(z.string(), z.unknown())` takes it: an object made by `{}` or `Object.create(null)`, as JSON's are. */
function isRecord(value: unknown): boolean {
  if (!isJsonObject(value)) return false;
  const proto = Object.getPrototypeOf(value) as unknown;
  return proto === Object.prototype || proto === null;
}
