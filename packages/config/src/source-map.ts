import type { Node } from 'jsonc-parser';
import type { JsonPath } from './config-types.ts';

/** A 1-based line and column. */
export interface SourcePosition {
  readonly line: number;
  readonly column: number;
}

/**
 * Maps offsets and JSON paths of one parsed document back to lines and columns, so every
 * problem can say where it is.
 */
export class SourceMap {
  private readonly lineStarts: number[];

  constructor(
    private readonly text: string,
    private readonly root: Node | undefined,
  ) {
    this.lineStarts = [0];
    for (let offset = 0; offset < text.length; offset += 1) {
      const character = text.charCodeAt(offset);
      // \r\n, \r and \n each end a line, as in jsonc-parser's own scanner.
      if (character === 0x0d) {
        if (text.charCodeAt(offset + 1) === 0x0a) offset += 1;
        this.lineStarts.push(offset + 1);
      } else if (character === 0x0a) {
        this.lineStarts.push(offset + 1);
      }
    }
  }

  /** The 1-based position of a 0-based offset. */
  positionAt(offset: number): SourcePosition {
    let low = 0;
    let high = this.lineStarts.length - 1;
    while (low < high) {
      const middle = Math.ceil((low + high) / 2);
      if ((this.lineStarts[middle] ?? 0) <= offset) low = middle;
      else high = middle - 1;
    }
    return { line: low + 1, column: offset - (this.lineStarts[low] ?? 0) + 1 };
  }

  /**
   * The value node at `path`. With duplicate keys the last one is taken, as its value is the
   * one that counts (jsonc-parser's own lookup returns the first).
   */
  valueNode(path: JsonPath): Node | undefined {
    let node = this.root;
    for (const segment of path) {
      if (node === undefined) return undefined;
      node = childValue(node, segment);
    }
    return node;
  }

  /** The property node (key and value) holding `path`'s last key, the last one among duplicates. */
  propertyNode(path: JsonPath): Node | undefined {
    const key = path.at(-1);
    const parent = this.valueNode(path.slice(0, -1));
    if (typeof key !== 'string' || parent?.type !== 'object') return undefined;
    return lastProperty(parent, key);
  }

  /**
   * Where a problem about `path` should point: the value when it exists, else the nearest
   * enclosing node that does (so a missing key points at the object that lacks it).
   */
  positionOfPath(path: JsonPath): SourcePosition {
    for (let length = path.length; length >= 0; length -= 1) {
      const node = this.valueNode(path.slice(0, length));
      if (node !== undefined) return this.positionAt(node.offset);
    }
    return { line: 1, column: 1 };
  }

  /** Where the key of `path`'s property is (for unknown or duplicate keys). */
  positionOfKey(path: JsonPath): SourcePosition {
    const property = this.propertyNode(path);
    const key = property?.children?.[0];
    return key === undefined ? this.positionOfPath(path) : this.positionAt(key.offset);
  }

  /** The source text of the value at `path`, when it exists. */
  sourceOf(path: JsonPath): string | undefined {
    const node = this.valueNode(path);
    return node === undefined ? undefined : this.text.slice(node.offset, node.offset + node.length);
  }
}

function childValue(node: Node, segment: string | number): Node | undefined {
  if (typeof segment === 'number') {
    return node.type === 'array' ? node.children?.[segment] : undefined;
  }
  if (node.type !== 'object') return undefined;
  return lastProperty(node, segment)?.children?.[1];
}

function lastProperty(objectNode: Node, key: string): Node | undefined {
  const properties = objectNode.children ?? [];
  for (let index = properties.length - 1; index >= 0; index -= 1) {
    const property = properties[index];
    if (property?.children?.[0]?.value === key) return property;
  }
  return undefined;
}
