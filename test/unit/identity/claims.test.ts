// IdClaims keeps one source as itself and a set only when two or more claim an id (issue 37, goal 4): against the
// plain model (a set per id), over random claims, re-claims and deletions.
import assert from 'node:assert/strict';
import { IdClaims } from '../../../src/core/identity/claims';
import { seededRandom } from '../../service';

describe('IdClaims: what each source builds, and the sources of each id', () => {
  it('answers as a set per id would, over 20,000 random claims and deletions', () => {
    const random = seededRandom(37);
    const pick = (n: number) => Math.floor(random() * n);
    const claims = new IdClaims();
    const idOf = new Map<string, string>();
    const model = (id: string) => [...idOf].filter(([, i]) => i === id).map(([s]) => s).sort();
    for (let step = 0; step < 20_000; step++) {
      const source = `s${pick(40)}`;
      const roll = random();
      if (roll < 0.15) {
        claims.delete(source);
        idOf.delete(source);
      } else if (roll < 0.25) {
        claims.set(source, undefined);
        idOf.delete(source);
      } else {
        const id = `id${pick(25)}`;
        claims.set(source, id);
        idOf.set(source, id);
      }
      const asked = `id${pick(25)}`;
      assert.deepEqual([...claims.sourcesOf(asked)].sort(), model(asked), `step ${step}: ${asked}`);
      assert.equal(claims.idOf(source), idOf.get(source), `step ${step}: ${source}`);
    }
  });
});
