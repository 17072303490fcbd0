import { describe, it, expect } from 'vitest';
import {
  formatLabelRequirements,
  formatLabels,
  labelSelectorToRequirements,
  matchesLabelRequirements,
  parseLabelSelector,
  selectorMatches,
  type LabelRequirement,
} from './labels';

const QN_NAME_ERR =
  "name part must consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character (e.g. 'MyName',  or 'my.name',  or '123-abc', regex used for validation is '([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9]')";
const LABEL_VALUE_ERR =
  "a valid label must be an empty string or consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character (e.g. 'MyValue',  or 'my_value',  or '12345', regex used for validation is '(([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9])?')";

describe('parseLabelSelector: accepted syntax', () => {
  const cases: [string, LabelRequirement[]][] = [
    ['', []],
    ['   ', []],
    ['app=web', [{ key: 'app', operator: '=', values: ['web'] }]],
    ['app==web', [{ key: 'app', operator: '==', values: ['web'] }]],
    ['app!=web', [{ key: 'app', operator: '!=', values: ['web'] }]],
    ['app', [{ key: 'app', operator: 'exists', values: [] }]],
    ['!app', [{ key: 'app', operator: '!', values: [] }]],
    [' ! app ', [{ key: 'app', operator: '!', values: [] }]],
    ['app=', [{ key: 'app', operator: '=', values: [''] }]],
    ['app in (web, api)', [{ key: 'app', operator: 'in', values: ['api', 'web'] }]],
    ['app notin (web)', [{ key: 'app', operator: 'notin', values: ['web'] }]],
    ['app in ()', [{ key: 'app', operator: 'in', values: [''] }]],
    ['x in (foo,,baz)', [{ key: 'x', operator: 'in', values: ['', 'baz', 'foo'] }]],
    ['x in (,a)', [{ key: 'x', operator: 'in', values: ['', 'a'] }]],
    ['x in (a,)', [{ key: 'x', operator: 'in', values: ['', 'a'] }]],
    ['x in (in,notin)', [{ key: 'x', operator: 'in', values: ['in', 'notin'] }]],
    ['in=notin', [{ key: 'in', operator: '=', values: ['notin'] }]],
    ['x>1', [{ key: 'x', operator: 'gt', values: ['1'] }]],
    ['x<10', [{ key: 'x', operator: 'lt', values: ['10'] }]],
    [
      'tier=front,app,!old,env in (prod)',
      [
        { key: 'app', operator: 'exists', values: [] },
        { key: 'env', operator: 'in', values: ['prod'] },
        { key: 'old', operator: '!', values: [] },
        { key: 'tier', operator: '=', values: ['front'] },
      ],
    ],
    ['example.com/app=a.b_c-d', [{ key: 'example.com/app', operator: '=', values: ['a.b_c-d'] }]],
    ['app=web,app=api', [{ key: 'app', operator: '=', values: ['web'] }, { key: 'app', operator: '=', values: ['api'] }]],
  ];
  it.each(cases)('%j', (text, expected) => {
    expect(parseLabelSelector(text)).toEqual(expected);
  });
});

describe('parseLabelSelector: errors with the real messages', () => {
  const cases: [string, string][] = [
    ['a b', "unable to parse requirement: found 'b', expected: in, notin, =, ==, !=, gt, lt"],
    ['a in b', "unable to parse requirement: found 'b' expected: '('"],
    ['a in (b', "unable to parse requirement: found '', expected: ',' or ')'"],
    ['a in (b c)', "unable to parse requirement: found 'c', expected: ',' or ')'"],
    ['a in (=)', "unable to parse requirement: found '=', expected: ',', ')' or identifier"],
    ['a in (b,=)', "unable to parse requirement: found '=', expected: ',', or identifier"],
    ['a=(', "unable to parse requirement: found '(', expected: identifier"],
    ['=a', "found '=', expected: !, identifier, or 'end of string'"],
    ['a=b,', "found '', expected: identifier after ','"],
    ['a=b,,c', "found ',', expected: identifier after ','"],
    ['a=b c', "found 'c', expected: ',' or 'end of string'"],
    ['!a=b', "found '=', expected: ',' or 'end of string'"],
    ['!', "unable to parse requirement: found '', expected: identifier"],
    ['!=a', "found '!=', expected: !, identifier, or 'end of string'"],
    ['a%b=c', `unable to parse requirement: <nil>: Invalid value: "a%b": ${QN_NAME_ERR}`],
    ['/a', 'unable to parse requirement: <nil>: Invalid value: "/a": prefix part must be non-empty'],
    [
      'a/b/c',
      `unable to parse requirement: <nil>: Invalid value: "a/b/c": a qualified name must consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character (e.g. 'MyName',  or 'my.name',  or '123-abc', regex used for validation is '([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9]') with an optional DNS subdomain prefix and '/' (e.g. 'example.com/MyName')`,
    ],
    [
      'Example.com/a',
      `unable to parse requirement: <nil>: Invalid value: "Example.com/a": prefix part a lowercase RFC 1123 subdomain must consist of lower case alphanumeric characters, '-' or '.', and must start and end with an alphanumeric character (e.g. 'example.com', regex used for validation is '[a-z0-9]([-a-z0-9]*[a-z0-9])?(\\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*')`,
    ],
    [
      `${'k'.repeat(64)}=v`,
      `unable to parse requirement: <nil>: Invalid value: "${'k'.repeat(64)}": name part must be no more than 63 characters`,
    ],
    ['a=-b', `unable to parse requirement: values[0][a]: Invalid value: "-b": ${LABEL_VALUE_ERR}`],
    [
      `a=${'v'.repeat(64)}`,
      `unable to parse requirement: values[0][a]: Invalid value: "${'v'.repeat(64)}": must be no more than 63 characters`,
    ],
    ['a in (ok,-x)', `unable to parse requirement: values[0][a]: Invalid value: "-x": ${LABEL_VALUE_ERR}`],
    ['x>abc', `unable to parse requirement: values[0]: Invalid value: "abc": for 'Gt', 'Lt' operators, the value must be an integer`],
    ['x<-1', `unable to parse requirement: values[0][x]: Invalid value: "-1": ${LABEL_VALUE_ERR}`],
    [
      'x>-a',
      `unable to parse requirement: [values[0]: Invalid value: "-a": for 'Gt', 'Lt' operators, the value must be an integer, values[0][x]: Invalid value: "-a": ${LABEL_VALUE_ERR}]`,
    ],
  ];
  it.each(cases)('%j', (text, message) => {
    expect(() => parseLabelSelector(text)).toThrowError(message);
    try {
      parseLabelSelector(text);
    } catch (e) {
      expect((e as Error).message).toBe(message);
    }
  });
});

describe('matchesLabelRequirements', () => {
  const labels = { app: 'web', tier: 'front', n: '5', empty: '' };
  const cases: [string, boolean][] = [
    ['', true],
    ['app=web', true],
    ['app==web', true],
    ['app=api', false],
    ['app!=api', true],
    ['app!=web', false],
    ['missing!=x', true],
    ['app in (api,web)', true],
    ['app in (api)', false],
    ['missing in (x)', false],
    ['app notin (api)', true],
    ['app notin (web)', false],
    ['missing notin (x)', true],
    ['app', true],
    ['missing', false],
    ['!missing', true],
    ['!app', false],
    ['empty', true],
    ['empty=', true],
    ['missing=', false],
    ['n>4', true],
    ['n>5', false],
    ['n<6', true],
    ['app>1', false],
    ['missing<100', false],
    ['app=web,tier=front', true],
    ['app=web,tier=back', false],
  ];
  it.each(cases)('%j', (text, expected) => {
    expect(matchesLabelRequirements(parseLabelSelector(text), labels)).toBe(expected);
  });
  it('treats absent labels as an empty set', () => {
    expect(matchesLabelRequirements(parseLabelSelector('!a'), undefined)).toBe(true);
    expect(matchesLabelRequirements(parseLabelSelector('a'), undefined)).toBe(false);
  });
});

describe('labelSelectorToRequirements (metav1.LabelSelectorAsSelector)', () => {
  it('converts matchLabels and matchExpressions, sorted by key', () => {
    expect(
      labelSelectorToRequirements({
        matchLabels: { z: '1', app: 'web' },
        matchExpressions: [
          { key: 'env', operator: 'In', values: ['prod', 'dev'] },
          { key: 'old', operator: 'DoesNotExist' },
          { key: 'b', operator: 'Exists' },
          { key: 'c', operator: 'NotIn', values: ['x'] },
        ],
      }),
    ).toEqual([
      { key: 'app', operator: '=', values: ['web'] },
      { key: 'b', operator: 'exists', values: [] },
      { key: 'c', operator: 'notin', values: ['x'] },
      { key: 'env', operator: 'in', values: ['prod', 'dev'] },
      { key: 'old', operator: '!', values: [] },
      { key: 'z', operator: '=', values: ['1'] },
    ]);
  });
  it('empty selects everything, absent selects nothing', () => {
    expect(labelSelectorToRequirements({})).toEqual([]);
    expect(labelSelectorToRequirements(undefined)).toBeNull();
    expect(labelSelectorToRequirements(null)).toBeNull();
  });
  it('rejects bad operators and values with the real messages', () => {
    expect(() =>
      labelSelectorToRequirements({ matchExpressions: [{ key: 'a', operator: 'Bad' as never, values: [] }] }),
    ).toThrowError('"Bad" is not a valid label selector operator');
    expect(() => labelSelectorToRequirements({ matchExpressions: [{ key: 'a', operator: 'In', values: [] }] })).toThrowError(
      "values: Invalid value: []string{}: for 'in', 'notin' operators, values set can't be empty",
    );
    expect(() => labelSelectorToRequirements({ matchExpressions: [{ key: 'a', operator: 'Exists', values: ['x'] }] })).toThrowError(
      'values: Invalid value: []string{"x"}: values set must be empty for exists and does not exist',
    );
    expect(() => labelSelectorToRequirements({ matchLabels: { 'a b': 'x' } })).toThrowError(`key: Invalid value: "a b": ${QN_NAME_ERR}`);
  });
});

describe('selectorMatches (Service selectors)', () => {
  const cases: [Record<string, string> | undefined, Record<string, string> | undefined, boolean][] = [
    [{ app: 'web' }, { app: 'web', tier: 'x' }, true],
    [{ app: 'web', tier: 'x' }, { app: 'web', tier: 'x' }, true],
    [{ app: 'web', tier: 'y' }, { app: 'web', tier: 'x' }, false],
    [{ app: 'web' }, {}, false],
    [{ app: 'web' }, undefined, false],
    [{ app: '' }, { app: '' }, true],
    [{}, { app: 'web' }, false],
    [undefined, { app: 'web' }, false],
  ];
  it.each(cases)('%j selects %j: %s', (sel, labels, expected) => {
    expect(selectorMatches(sel, labels)).toBe(expected);
  });
});

describe('formatting', () => {
  it('formats requirements as Selector.String', () => {
    expect(formatLabelRequirements(parseLabelSelector('b in (y,x),!c,a=1,d,e notin (z),f!=2,g>3'))).toBe(
      'a=1,b in (x,y),!c,d,e notin (z),f!=2,g>3',
    );
  });
  it('formats label maps as labels.FormatLabels', () => {
    expect(formatLabels({ b: '2', a: '1' })).toBe('a=1,b=2');
    expect(formatLabels({})).toBe('<none>');
    expect(formatLabels(undefined)).toBe('<none>');
  });
});
