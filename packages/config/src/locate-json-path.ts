import { parseTree } from 'jsonc-parser';
import type { JsonPath } from './config-types.ts';
import { stripByteOrderMark } from './parse-jsonc.ts';
import { SourceMap, type SourcePosition } from './source-map.ts';

/**
 * Where the value at `path` starts in a setup.json text (1-based line and column), or
 * `undefined` when the text holds no value there. Tools use it to point a person, or an editor,
 * at a hook: `locateJsonPath(text, ['hooks', 'PreToolUse', 2])`. Comments and trailing commas are
 * read as the loader reads them; a text with syntax errors is located as far as it parses.
 *
 * @example
 * locateJsonPath('{\n  "hooks": {\n    "PreToolUse": [\n      {"command": "true"}\n    ]\n  }\n}', ['hooks', 'PreToolUse', 0]);
 * // { line: 4, column: 7 }
 */
export function locateJsonPath(text: string, path: JsonPath): SourcePosition | undefined {
  // The byte order mark is one UTF-16 unit that editors do not count as a column.
  const withoutMark = stripByteOrderMark(text);
  const root = parseTree(withoutMark, [], { allowTrailingComma: true, disallowComments: false });
  const map = new SourceMap(withoutMark, root);
  const node = map.valueNode(path);
  return node === undefined ? undefined : map.positionAt(node.offset);
}
