import assert from 'node:assert/strict';
import { relativeTime } from '../../../src/shared/relative-time';

describe('relativeTime: timestamps as the task detail shows them (the ISO time on hover)', () => {
  const now = Date.parse('2026-01-15T14:31:48Z');

  it('reads past and future times in the largest whole unit', () => {
    assert.equal(relativeTime('2026-01-15T14:31:20Z', now), 'just now');
    assert.equal(relativeTime('2026-01-15T14:30:48Z', now), '1 minute ago');
    assert.equal(relativeTime('2026-01-15T12:01:48Z', now), '2 hours ago');
    assert.equal(relativeTime('2026-01-14T09:05:00Z', now), '1 day ago');
    assert.equal(relativeTime('2025-12-01T00:00:00Z', now), '1 month ago');
    assert.equal(relativeTime('2024-01-15T00:00:00Z', now), '2 years ago');
    assert.equal(relativeTime('2026-01-15T17:31:48Z', now), 'in 3 hours');
  });

  it('keeps offsets and fractions as the file wrote them meaningful, and leaves a non-time as written', () => {
    assert.equal(relativeTime('2026-01-15T15:31:48.123+01:00', now), 'just now');
    assert.equal(relativeTime('yesterday-ish', now), 'yesterday-ish');
  });
});
