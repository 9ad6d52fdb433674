// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { badgeText } from './badge.ts';

describe('unread badge text', () => {
  it('shows nothing when nothing is unread', () => {
    expect(badgeText(0)).toBeNull();
    expect(badgeText(-3)).toBeNull();
    expect(badgeText(Number.NaN)).toBeNull();
  });
  it('shows the count up to 9', () => {
    expect(badgeText(1)).toBe('1');
    expect(badgeText(9)).toBe('9');
  });
  it('shows "9+" above 9', () => {
    expect(badgeText(10)).toBe('9+');
    expect(badgeText(250)).toBe('9+');
  });
});
