import { describe, expect, it } from 'vitest';
import { failureOf } from '../errors/api-error.test-support';
import { validateListOptions } from './list-options';

const PREFIX = '422 ListOptions.meta.k8s.io "" is invalid: ';

describe('validateListOptions', () => {
  it('list: sendInitialEvents is forbidden; rules are reported together', () => {
    expect(failureOf(() => validateListOptions({ watch: false, sendInitialEvents: true }))).toBe(`${PREFIX}sendInitialEvents: Forbidden: sendInitialEvents is forbidden for list`);
    expect(failureOf(() => validateListOptions({ watch: false, resourceVersionMatch: 'Bogus', continueToken: 'x' }))).toBe(
      `${PREFIX}[resourceVersionMatch: Forbidden: resourceVersionMatch is forbidden unless resourceVersion is provided, resourceVersionMatch: Forbidden: resourceVersionMatch is forbidden when continue is provided, resourceVersionMatch: Unsupported value: "Bogus": supported values: "Exact", "NotOlderThan", ""]`,
    );
  });

  it('watch: resourceVersionMatch only with sendInitialEvents, and only NotOlderThan', () => {
    expect(failureOf(() => validateListOptions({ watch: true, resourceVersion: '1', resourceVersionMatch: 'NotOlderThan' }))).toBe(
      `${PREFIX}resourceVersionMatch: Forbidden: resourceVersionMatch is forbidden for watch unless sendInitialEvents is provided`,
    );
    expect(failureOf(() => validateListOptions({ watch: true, resourceVersionMatch: 'Exact', sendInitialEvents: true, allowWatchBookmarks: true }))).toBe(
      // Both rules fire; ToAggregate drops the repeated message.
      `${PREFIX}resourceVersionMatch: Unsupported value: "Exact": supported values: "NotOlderThan"`,
    );
    expect(failureOf(() => validateListOptions({ watch: true, resourceVersionMatch: 'NotOlderThan', sendInitialEvents: true }))).toBe(
      `${PREFIX}allowWatchBookmarks: Forbidden: allowWatchBookmarks must be set to true when sendInitialEvents is provided`,
    );
    expect(() => validateListOptions({ watch: true, resourceVersionMatch: 'NotOlderThan', sendInitialEvents: true, allowWatchBookmarks: true })).not.toThrow();
    expect(() => validateListOptions({ watch: true, resourceVersion: '5' })).not.toThrow();
  });
});
