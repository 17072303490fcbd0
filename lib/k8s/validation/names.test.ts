import { describe, expect, it } from 'vitest';
import {
  isDNS1035Label,
  isDNS1123Label,
  isDNS1123Subdomain,
  isQualifiedName,
  isValidLabelValue,
  isValidPortName,
  isValidPortNum,
  nameIsDNS1035Label,
  nameIsDNSLabel,
  nameIsDNSSubdomain,
} from './names';

const LABEL_ERR =
  "a lowercase RFC 1123 label must consist of lower case alphanumeric characters or '-', and must start and end with an alphanumeric character (e.g. 'my-name',  or '123-abc', regex used for validation is '[a-z0-9]([-a-z0-9]*[a-z0-9])?')";
const SUBDOMAIN_ERR =
  "a lowercase RFC 1123 subdomain must consist of lower case alphanumeric characters, '-' or '.', and must start and end with an alphanumeric character (e.g. 'example.com', regex used for validation is '[a-z0-9]([-a-z0-9]*[a-z0-9])?(\\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*')";
const DNS1035_ERR =
  "a DNS-1035 label must consist of lower case alphanumeric characters or '-', start with an alphabetic character, and end with an alphanumeric character (e.g. 'my-name',  or 'abc-123', regex used for validation is '[a-z]([-a-z0-9]*[a-z0-9])?')";
const QNAME_PART =
  "must consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character (e.g. 'MyName',  or 'my.name',  or '123-abc', regex used for validation is '([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9]')";
const LABEL_VALUE_ERR =
  "a valid label must be an empty string or consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character (e.g. 'MyValue',  or 'my_value',  or '12345', regex used for validation is '(([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9])?')";

type Case = [string, (v: string) => string[], string, string[]];

const cases: Case[] = [
  ['label ok', isDNS1123Label, 'my-name', []],
  ['label digits first ok', isDNS1123Label, '123-abc', []],
  ['label uppercase', isDNS1123Label, 'MyName', [LABEL_ERR]],
  ['label dots', isDNS1123Label, 'a.b', ['must not contain dots']],
  ['label trailing dash', isDNS1123Label, 'abc-', [LABEL_ERR]],
  ['label empty', isDNS1123Label, '', [LABEL_ERR]],
  ['label 64 chars', isDNS1123Label, 'a'.repeat(64), ['must be no more than 63 characters']],
  ['label 63 chars ok', isDNS1123Label, 'a'.repeat(63), []],
  ['subdomain ok', isDNS1123Subdomain, 'example.com', []],
  ['subdomain underscore', isDNS1123Subdomain, 'ex_ample.com', [SUBDOMAIN_ERR]],
  ['subdomain 254 chars', isDNS1123Subdomain, 'a'.repeat(254), ['must be no more than 253 characters']],
  ['subdomain empty label', isDNS1123Subdomain, 'a..b', [SUBDOMAIN_ERR]],
  ['1035 ok', isDNS1035Label, 'web-1', []],
  ['1035 digit first', isDNS1035Label, '1web', [DNS1035_ERR]],
  ['1035 64 chars', isDNS1035Label, `a${'b'.repeat(63)}`, ['must be no more than 63 characters']],
  ['qualified ok', isQualifiedName, 'example.com/MyName', []],
  ['qualified plain ok', isQualifiedName, 'kubernetes.io', []],
  ['qualified empty prefix', isQualifiedName, '/name', ['prefix part must be non-empty']],
  ['qualified bad prefix', isQualifiedName, 'Example.com/name', [`prefix part ${SUBDOMAIN_ERR}`]],
  ['qualified empty name', isQualifiedName, 'example.com/', ['name part must be non-empty', `name part ${QNAME_PART}`]],
  ['qualified long name', isQualifiedName, 'n'.repeat(64), ['name part must be no more than 63 characters']],
  ['qualified bad name', isQualifiedName, '-name', [`name part ${QNAME_PART}`]],
  [
    'qualified two slashes',
    isQualifiedName,
    'a/b/c',
    [
      `a qualified name ${QNAME_PART.replace('must consist', 'must consist')} with an optional DNS subdomain prefix and '/' (e.g. 'example.com/MyName')`,
    ],
  ],
  ['label value empty ok', isValidLabelValue, '', []],
  ['label value ok', isValidLabelValue, 'my_value.1', []],
  ['label value bad', isValidLabelValue, 'bad value', [LABEL_VALUE_ERR]],
  ['label value long', isValidLabelValue, 'v'.repeat(64), ['must be no more than 63 characters']],
  ['port name ok', isValidPortName, 'http-alt', []],
  ['port name too long', isValidPortName, 'abcdefghijklmnop', ['must be no more than 15 characters']],
  [
    'port name uppercase',
    isValidPortName,
    'HTTP',
    ['must contain only alpha-numeric characters (a-z, 0-9), and hyphens (-)', 'must contain at least one letter (a-z)'],
  ],
  ['port name digits only', isValidPortName, '8080', ['must contain at least one letter (a-z)']],
  ['port name double hyphen', isValidPortName, 'a--b', ['must not contain consecutive hyphens']],
  ['port name leading hyphen', isValidPortName, '-web', ['must not begin or end with a hyphen']],
  ['generateName subdomain prefix', (v) => nameIsDNSSubdomain(v, true), 'web-', []],
  ['generateName label prefix', (v) => nameIsDNSLabel(v, true), 'web-', []],
  ['generateName 1035 prefix', (v) => nameIsDNS1035Label(v, true), 'web-', []],
  ['name 1035 not prefix', (v) => nameIsDNS1035Label(v, false), 'web-', [DNS1035_ERR]],
  ['generateName single dash', (v) => nameIsDNS1035Label(v, true), '-', [DNS1035_ERR]],
];

describe('name validators (apimachinery messages)', () => {
  it.each(cases)('%s', (_name, fn, input, expected) => {
    expect(fn(input)).toEqual(expected);
  });

  it.each([
    [0, ['must be between 1 and 65535, inclusive']],
    [1, []],
    [65535, []],
    [65536, ['must be between 1 and 65535, inclusive']],
    [-1, ['must be between 1 and 65535, inclusive']],
  ])('port number %s', (port, expected) => {
    expect(isValidPortNum(port)).toEqual(expected);
  });
});
