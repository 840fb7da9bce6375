import { type Node, type ParseError, getNodeValue, parseTree, printParseErrorCode, stripComments } from 'jsonc-parser';
import type { ConfigProblem } from './config-types.ts';
import { SourceMap } from './source-map.ts';

/** A document parsed as JSON with comments and trailing commas (SPEC C2). */
export type ParsedDocument =
  | { readonly ok: true; readonly value: unknown; readonly tree: Node; readonly sourceMap: SourceMap }
  | { readonly ok: false; readonly problems: readonly ConfigProblem[] };

const byteOrderMark = '\uFEFF';

/** Removes a leading byte order mark, which editors on some systems add and never show. */
export function stripByteOrderMark(text: string): string {
  return text.startsWith(byteOrderMark) ? text.slice(1) : text;
}

/**
 * Parses setup.json text with jsonc-parser: `//` and `/* *\/` comments and trailing commas
 * are accepted; anything else that is not JSON, including an empty file, is a syntax problem
 * with its line and column. `text` must have no byte order mark.
 */
export function parseJsonc(text: string): ParsedDocument {
  const errors: ParseError[] = [];
  const tree = parseTree(text, errors, {
    allowTrailingComma: true,
    disallowComments: false,
    allowEmptyContent: false,
  });
  const sourceMap = new SourceMap(text, tree);
  if (errors.length === 0 && tree !== undefined) {
    return { ok: true, value: getNodeValue(tree) as unknown, tree, sourceMap };
  }
  if (stripComments(text).trim() === '') {
    return {
      ok: false,
      problems: [
        {
          severity: 'error',
          code: 'syntax',
          message: 'the file is empty: expected a JSON object such as {"hooks": {}}',
          path: [],
          line: 1,
          column: 1,
        },
      ],
    };
  }
  // The parser recovers and goes on, so one mistake can be reported several times at the same
  // spot (an unterminated comment also "lacks" a property, a value and a brace): keep the first.
  const seenOffsets = new Set<number>();
  const problems: ConfigProblem[] = [];
  for (const error of errors) {
    if (seenOffsets.has(error.offset)) continue;
    seenOffsets.add(error.offset);
    problems.push({
      severity: 'error',
      code: 'syntax',
      message: describeSyntaxError(error, text),
      path: [],
      ...sourceMap.positionAt(error.offset),
    });
  }
  return { ok: false, problems };
}

function describeSyntaxError(error: ParseError, text: string): string {
  const found = text.slice(error.offset, error.offset + Math.max(error.length, 1));
  switch (printParseErrorCode(error.error)) {
    case 'InvalidSymbol':
      return found.startsWith("'")
        ? `unexpected ${JSON.stringify(found)}: strings and property names need double quotes`
        : `unexpected ${JSON.stringify(found)}`;
    case 'InvalidNumberFormat':
      return `invalid number ${JSON.stringify(found)}`;
    case 'PropertyNameExpected':
      return 'expected a property name in double quotes';
    case 'ValueExpected':
      return 'expected a value';
    case 'ColonExpected':
      return "expected ':' after the property name";
    case 'CommaExpected':
      return "expected ',' between two values (or a closing bracket or brace)";
    case 'CloseBraceExpected':
      return "expected '}' to close the object";
    case 'CloseBracketExpected':
      return "expected ']' to close the array";
    case 'EndOfFileExpected':
      return 'unexpected text after the end of the JSON value';
    case 'InvalidCommentToken':
      return 'invalid comment';
    case 'UnexpectedEndOfComment':
      return "unterminated comment: '/*' without a closing '*/'";
    case 'UnexpectedEndOfString':
      return 'unterminated string: expected a closing double quote';
    case 'UnexpectedEndOfNumber':
      return 'incomplete number';
    case 'InvalidUnicode':
      return 'invalid \\u escape: expected four hexadecimal digits';
    case 'InvalidEscapeCharacter':
      return 'invalid escape sequence in a string';
    case 'InvalidCharacter':
      return 'invalid character in a string: control characters such as a line break must be escaped (\\n)';
    default:
      return 'invalid JSON';
  }
}
