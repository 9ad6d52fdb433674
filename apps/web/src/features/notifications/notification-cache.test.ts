// @vitest-environment node
import { describe, expect, it } from 'vitest';
import type { Notification } from '@nocturna/shared';
import {
  addNotification,
  flatten,
  removeNotification,
  setAllRead,
  setRead,
  type NotificationPages,
} from './notification-cache.ts';

const n = (id: string, isRead = false): Notification => ({
  id,
  userId: 'u1',
  message: null,
  data: {},
  type: 'role_granted',
  isRead,
  createdAt: '2026-11-20T10:00:00Z',
  title: id,
  body: '',
  link: null,
  refs: {},
});
const pages = (...lists: Notification[][]): NotificationPages => ({
  pages: lists.map((items, i) => ({ items, nextCursor: i < lists.length - 1 ? `c${i}` : null })),
  pageParams: lists.map((_, i) => (i === 0 ? undefined : `c${i - 1}`)),
});
const ids = (data: NotificationPages | undefined) =>
  flatten(data).map((x) => `${x.id}${x.isRead ? '' : '*'}`);

describe('notification cache updates', () => {
  it('puts a new notification on top of the first page, once', () => {
    const data = pages([n('b'), n('c', true)], [n('d')]);
    const added = addNotification(data, n('a'));
    expect(ids(added)).toEqual(['a*', 'b*', 'c', 'd*']);
    expect(ids(addNotification(added, n('a')))).toEqual(['a*', 'b*', 'c', 'd*']);
    expect(added?.pages[1]).toBe(data.pages[1]);
  });

  it('leaves a list that was never loaded alone', () => {
    expect(addNotification(undefined, n('a'))).toBeUndefined();
    expect(setRead(undefined, 'a', true)).toBeUndefined();
  });

  it('marks one read on whichever page it is', () => {
    expect(ids(setRead(pages([n('a')], [n('b'), n('c')]), 'c', true))).toEqual(['a*', 'b*', 'c']);
  });

  it('marks all read', () => {
    expect(ids(setAllRead(pages([n('a'), n('b', true)], [n('c')])))).toEqual(['a', 'b', 'c']);
  });

  it('removes a deleted one and keeps the cursors', () => {
    const out = removeNotification(pages([n('a'), n('b')], [n('c')]), 'b');
    expect(ids(out)).toEqual(['a*', 'c*']);
    expect(out?.pages[0]?.nextCursor).toBe('c0');
  });
});
