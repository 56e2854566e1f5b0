/** The MDX parser's tree as the reader text's MDX stages read it: its nodes, and where they stand in the page. */

/** Where a node stands; the line and column are those of the text parsed (a batch of regions), the offset the page's. */
export interface Point {
  line?: number;
  column?: number;
  offset?: number;
}

export interface MdxNode {
  type: string;
  name?: string | null;
  value?: string;
  attributes?: Array<{ type: string; name?: string; value?: unknown }>;
  children?: MdxNode[];
  position?: { start: Point; end: Point };
}

export const start = (node: MdxNode): number => node.position?.start.offset ?? 0;
export const end = (node: MdxNode): number => node.position?.end.offset ?? 0;
export const column = (node: MdxNode): number => node.position?.start.column ?? 1;

