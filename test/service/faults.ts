// Fault injection: rules that answer matching requests with a status, a delay, a dropped connection or an
// HTML page. The rule format is documented on FaultRule in types.ts.
import type { FaultController, FaultHandle, FaultRule } from './types';

interface ActiveRule {
  rule: FaultRule;
  hits: number;
  remaining: number;
}

function pathMatches(rule: FaultRule, absolutePath: string): boolean {
  const p = rule.path;
  if (p === undefined) return true;
  const [pathOnly = ''] = absolutePath.split('?');
  const relative = absolutePath.startsWith('/api/') ? absolutePath.slice(4) : absolutePath;
  if (p instanceof RegExp) {
    p.lastIndex = 0;
    return p.test(relative);
  }
  if (p.startsWith('/api/')) return pathOnly.startsWith(p);
  const relativePath = pathOnly.startsWith('/api/') ? pathOnly.slice(4) : pathOnly;
  return relativePath.startsWith(p.startsWith('/') ? p : '/' + p);
}

export class Faults implements FaultController {
  private active: ActiveRule[] = [];

  constructor(private readonly random: () => number = Math.random) {}

  inject(rule: FaultRule): FaultHandle {
    const p = rule.probability;
    if (p !== undefined && !(p >= 0 && p <= 1)) throw new RangeError(`probability must be within 0..1, got ${p}`);
    const entry: ActiveRule = { rule, hits: 0, remaining: rule.times ?? 1 };
    this.active.push(entry);
    return {
      get hits() { return entry.hits; },
      get remaining() { return entry.remaining; },
      remove: () => { this.active = this.active.filter((e) => e !== entry); },
    };
  }

  clear(): void {
    this.active = [];
  }

  /**
   * The first rule that matches this request and fires, with one use taken; undefined when none does.
   * A rule with a probability below 1 draws once per matching request; one that does not fire is passed
   * over (no hit, no use taken) and the next matching rule gets its chance.
   */
  take(method: string, absolutePath: string): FaultRule | undefined {
    const fires = (e: ActiveRule): boolean => {
      const p = e.rule.probability ?? 1;
      return p >= 1 || this.random() < p;
    };
    const entry = this.active.find((e) =>
      e.remaining > 0 && (!e.rule.method || e.rule.method.toUpperCase() === method.toUpperCase()) &&
      pathMatches(e.rule, absolutePath) && fires(e));
    if (!entry) return undefined;
    entry.hits++;
    entry.remaining--;
    if (entry.remaining <= 0) this.active = this.active.filter((e) => e !== entry);
    return entry.rule;
  }
}

export const LOGIN_PAGE = `<!DOCTYPE html>
<html lang="en">
<head><meta charset="utf-8"><title>Sign in</title></head>
<body>
  <h1>Sign in to continue</h1>
  <form method="post" action="/oauth2/sign_in">
    <label>Email <input type="email" name="email"></label>
    <label>Password <input type="password" name="password"></label>
    <button type="submit">Sign in</button>
  </form>
</body>
</html>
`;
