import { describe, expect, it } from 'vitest';
import { goJsonSyntaxError } from './go-json-error';

describe('goJsonSyntaxError (encoding/json messages)', () => {
  it.each([
    ['', 'unexpected end of JSON input'],
    ['{"a":', 'unexpected end of JSON input'],
    ['{bad', "invalid character 'b' looking for beginning of object key string"],
    ['{"a" 1}', "invalid character '1' after object key"],
    ['{"a":1 "b":2}', `invalid character '"' after object key:value pair`],
    ['[1 2]', "invalid character '2' after array element"],
    ['nul', 'unexpected end of JSON input'],
    ['{"a":nux}', "invalid character 'x' in literal null (expecting 'l')"],
    ['{"a":tru}', "invalid character '}' in literal true (expecting 'e')"],
    ['{"a":-x}', "invalid character 'x' in numeric literal"],
    ['{"a":1.}', "invalid character '}' after decimal point in numeric literal"],
    ['{"a":1e}', "invalid character '}' in exponent of numeric literal"],
    ['{"a":"\\q"}', "invalid character 'q' in string escape code"],
    ['{"a":"\n"}', "invalid character '\\n' in string literal"],
    ['{} x', "invalid character 'x' after top-level value"],
    ["'a'", "invalid character '\\'' looking for beginning of value"],
  ])('%j', (text, message) => {
    expect(goJsonSyntaxError(text)).toBe(message);
  });

  it('accepts valid documents', () => {
    expect(goJsonSyntaxError(' {"a":[1,-2.5e+3,true,false,null,"x\\u00e9"]} ')).toBeUndefined();
  });

  it('quotes characters as strconv.Quote does', () => {
    expect(goJsonSyntaxError('\x81')).toBe("invalid character '\\u0081' looking for beginning of value");
    expect(goJsonSyntaxError('\x07')).toBe("invalid character '\\a' looking for beginning of value");
    expect(goJsonSyntaxError('\x01')).toBe("invalid character '\\x01' looking for beginning of value");
  });
});
