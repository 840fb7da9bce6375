import { describe, expect, it } from 'vitest';
import { expandHeaderVariables, headersNameVariables } from './expand-header-variables.ts';

describe('expandHeaderVariables (H1)', () => {
  it('H1: replaces ${NAME} in a value from the environment', () => {
    expect(
      expandHeaderVariables(
        { authorization: 'Bearer ${TOKEN}', 'x-who': '${USER_NAME}@${HOST_1}' },
        { TOKEN: 's3cret', USER_NAME: 'ada', HOST_1: 'box' },
      ),
    ).toEqual({ authorization: 'Bearer s3cret', 'x-who': 'ada@box' });
  });

  it('H1: an unset name, or one set to undefined, becomes empty', () => {
    expect(expandHeaderVariables({ 'x-a': '[${MISSING}]', 'x-b': '[${UNDEFINED}]' }, { UNDEFINED: undefined })).toEqual(
      {
        'x-a': '[]',
        'x-b': '[]',
      },
    );
  });

  it('H1: only ${NAME} with a valid name is a reference; $NAME, ${1X}, ${A-B} and ${} stay as written', () => {
    const env = { NAME: 'n', '1X': 'no', A: 'no' };
    expect(expandHeaderVariables({ 'x-v': '$NAME ${1X} ${A-B} ${} $${NAME}' }, env)).toEqual({
      'x-v': '$NAME ${1X} ${A-B} ${} $n',
    });
  });

  it('H1: a replaced value is not expanded again, and header names are never touched', () => {
    expect(expandHeaderVariables({ '${NAME}': '${OUTER}' }, { OUTER: '${INNER}', INNER: 'leak', NAME: 'x' })).toEqual({
      '${NAME}': '${INNER}',
    });
  });

  it('H1: names inherited from Object.prototype are not variables; a __proto__ header stays plain data', () => {
    const expanded = expandHeaderVariables(
      { __proto__: '${toString}', 'x-c': '${constructor}' } as Record<string, string>,
      {},
    );
    expect(Object.keys(expanded)).toEqual(['x-c']);
    const withProtoKey = expandHeaderVariables(JSON.parse('{"__proto__":"${toString}"}') as Record<string, string>, {});
    expect(Object.getPrototypeOf(withProtoKey)).toBe(Object.prototype);
    expect(Object.getOwnPropertyDescriptor(withProtoKey, '__proto__')?.value).toBe('');
    expect(expanded['x-c']).toBe('');
  });

  it('H1: leaves the input untouched', () => {
    const headers = { 'x-t': '${T}' };
    expandHeaderVariables(headers, { T: 'v' });
    expect(headers).toEqual({ 'x-t': '${T}' });
  });
});

describe('headersNameVariables (H1)', () => {
  it('H1: true when a value holds a reference expandHeaderVariables replaces', () => {
    expect(headersNameVariables({ accept: 'application/json', authorization: 'Bearer ${TOKEN}' })).toBe(true);
    expect(headersNameVariables({ 'x-v': '$${NAME}' })).toBe(true);
  });

  it('H1: false for no headers, and for $NAME, ${1X}, ${A-B} and ${}, which stay as written', () => {
    expect(headersNameVariables({})).toBe(false);
    expect(headersNameVariables({ 'x-v': '$NAME ${1X} ${A-B} ${}', 'x-w': 'plain' })).toBe(false);
  });

  it('H1: the answer does not depend on earlier calls (the pattern keeps no state)', () => {
    const named = { authorization: 'Bearer ${TOKEN}' };
    expect([headersNameVariables(named), headersNameVariables(named), headersNameVariables(named)]).toEqual([
      true,
      true,
      true,
    ]);
  });
});
