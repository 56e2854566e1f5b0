/**
 * A root folder on the local disk (a workspace folder, a repository root) judged by real paths: what a symbolic
 * link leads to counts, not what its name says (docs/architecture.md#trust). The root's own real path is taken
 * once, so that a root opened through a link (`/tmp` on macOS, a linked checkout) is still itself.
 */
import { realpathSync } from 'node:fs';
import { realpath } from 'node:fs/promises';
import path from 'node:path';
import { isInside } from './inside';

export class RootOnDisk {
  private constructor(
    /** The root as written (paths listed under it are written against it). */
    readonly root: string,
    readonly realRoot: string,
  ) {}

  /** @throws when the root does not exist */
  static async open(root: string): Promise<RootOnDisk> {
    return new RootOnDisk(path.resolve(root), await realpath(root));
  }

  static openSync(root: string): RootOnDisk {
    return new RootOnDisk(path.resolve(root), realpathSync.native(root));
  }

  /**
   * The real path of `absolute` when it is inside the root; undefined when it leads outside.
   * @throws when it does not exist (or a link on the way leads nowhere)
   */
  async resolve(absolute: string): Promise<string | undefined> {
    return this.inside(await realpath(absolute));
  }

  resolveSync(absolute: string): string | undefined {
    return this.inside(realpathSync.native(absolute));
  }

  /** A real path inside the root, written under the root as given: its relative path is the real place's. */
  place(realPath: string): string {
    return path.join(this.root, path.relative(this.realRoot, realPath));
  }

  /**
   * Whether `absolute` (written under the root) is where its path says: no symbolic link on the way, neither a
   * linked folder nor a linked file. A listing keeps only these, so nothing is reached through a link.
   */
  async isDirect(absolute: string): Promise<boolean> {
    try {
      return this.isReachedDirectly(absolute, await this.resolve(absolute));
    } catch {
      return false;
    }
  }

  /** `isDirect(absolute)` for a path whose real path (`resolve(absolute)`) the caller has already taken. */
  isReachedDirectly(absolute: string, real: string | undefined): boolean {
    return real !== undefined && samePath(real, path.join(this.realRoot, path.relative(this.root, absolute)));
  }

  isDirectSync(absolute: string): boolean {
    try {
      const real = this.resolveSync(absolute);
      return real !== undefined && samePath(real, path.join(this.realRoot, path.relative(this.root, absolute)));
    } catch {
      return false;
    }
  }

  private inside(real: string): string | undefined {
    return isInside(this.realRoot, real) ? real : undefined;
  }
}

/** Windows and macOS file systems usually ignore case; a real path may differ from a listed one only in case. */
function samePath(a: string, b: string): boolean {
  return a === b || (process.platform !== 'linux' && a.toLowerCase() === b.toLowerCase());
}
