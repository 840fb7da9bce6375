import {
  getNodeValue,
  type Node,
  type ParseError,
  parseTree,
  printParseErrorCode,
  stripComments,
  visit,
} from 'jsonc-parser';
import type { ConfigProblem } from './config-types.ts';
import { findExcessiveNesting, MAX_NESTING_DEPTH } from './nesting-depth.ts';
import { SourceMap } from './source-map.ts';

/** A document parsed as JSON with comments and trailing commas (SPEC C2). */
export type ParsedDocument =
  | { readonly ok: true; readonly value: unknown; readonly tree: Node; readonly sourceMap: SourceMap }
  | { readonly ok: false; readonly problems: readonly ConfigProblem[] };

const byteOrderMark = '\uFEFF';

const parseOptions = { allowTrailingComma: true, disallowComments: false, allowEmptyContent: false } as const;

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
  // Checked first: the parser recurses once per level, and a stack overflow is no syntax error.
  const tooDeep = findExcessiveNesting(text);
  if (tooDeep !== undefined) {
    const message = `nested more than ${MAX_NESTING_DEPTH} levels deep: a setup.json needs only a few levels`;
    return {
      ok: false,
      problems: [
        { severity: 'error', code: 'syntax', message, path: [], ...new SourceMap(text, undefined).positionAt(tooDeep) },
      ],
    };
  }
  const errors: ParseError[] = [];
  const tree = parseTree(text, errors, parseOptions);
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
  // spot (an unterminated comment also "lacks" a property, a value and a brace): keep the first,
  // and name the bracket left open when one of them is about a missing close.
  const { errors: syntaxErrors, unclosed } = scanSyntaxErrors(text);
  const problems: ConfigProblem[] = [];
  const byOffset = new Map<number, ParseError[]>();
  for (const error of syntaxErrors) byOffset.set(error.offset, [...(byOffset.get(error.offset) ?? []), error]);
  for (const [offset, group] of byOffset) {
    const [first] = group;
    if (first === undefined) continue;
    const opener = group.map((error) => unclosed.get(error)).find((found) => found !== undefined);
    const openerText =
      opener === undefined
        ? ''
        : `; the '${text[opener]}' at line ${sourceMap.positionAt(opener).line}, column ${sourceMap.positionAt(opener).column} is never closed`;
    problems.push({
      severity: 'error',
      code: 'syntax',
      message: describeSyntaxError(first, text) + openerText,
      path: [],
      ...sourceMap.positionAt(offset),
    });
  }
  return { ok: false, problems };
}

/**
 * The syntax errors again, through jsonc-parser's visitor (the parser parseTree runs on), to
 * learn for each "expected '}'" or "expected ']'" which bracket it fails to close: the visitor
 * reports that container as ended just before it reports the missing bracket.
 */
function scanSyntaxErrors(text: string): { errors: ParseError[]; unclosed: Map<ParseError, number> } {
  const openers: number[] = [];
  let lastClosed: number | undefined;
  const found = new Map<ParseError, number>();
  const errors: ParseError[] = [];
  const close = (): void => {
    lastClosed = openers.pop();
  };
  visit(
    text,
    {
      onObjectBegin: (offset) => {
        openers.push(offset);
      },
      onArrayBegin: (offset) => {
        openers.push(offset);
      },
      onObjectEnd: close,
      onArrayEnd: close,
      onError: (error, offset, length) => {
        const record: ParseError = { error, offset, length };
        errors.push(record);
        const name = printParseErrorCode(error);
        if ((name === 'CloseBraceExpected' || name === 'CloseBracketExpected') && lastClosed !== undefined) {
          found.set(record, lastClosed);
        }
      },
    },
    parseOptions,
  );
  return { errors, unclosed: found };
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
