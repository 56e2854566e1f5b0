// Credential masking as the real server applies it to every credential response (docs/architecture.md#credentials).

const PASS_THROUGH_KEYS = new Set(['authentication_method', 'wiki_base', 'cloud_name', 'cloud_id', 'scopes']);
export const MASK_BULLETS = '••••••••••••';

export function maskValue(v: unknown): unknown {
  if (typeof v === 'string') return v.length >= 14 ? `${v.slice(0, 4)}...${v.slice(-4)}` : MASK_BULLETS;
  if (typeof v === 'number') return '*****';
  if (Array.isArray(v)) return v.map(maskValue);
  if (typeof v === 'object' && v !== null) return maskCredentialJson(v as Record<string, unknown>);
  return v; // booleans and null are kept
}

export function maskCredentialJson(json: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(json).map(([k, v]) => [k, PASS_THROUGH_KEYS.has(k) ? v : maskValue(v)]));
}
