// @vitest-environment node
import { describe, expect, it } from 'vitest';
import type { Conversation, Message } from '@nocturna/shared';
import {
  addMessage,
  moveToTop,
  threadMessages,
  withMessage,
  withRead,
  type ConversationPages,
  type MessagePages,
} from './message-cache.ts';

const m = (seq: number, senderId = 'ana'): Message => ({
  id: `m${seq}`,
  conversationId: 'c1',
  seq,
  senderId,
  body: `b${seq}`,
  createdAt: '2026-11-20T23:00:00Z',
  clientId: null,
});
const pages = (...lists: Message[][]): MessagePages => ({
  pages: lists.map((items, i) => ({ items, nextCursor: i < lists.length - 1 ? `c${i}` : null })),
  pageParams: lists.map((_, i) => (i ? `c${i - 1}` : undefined)),
});
const conv = (over: Partial<Conversation> = {}): Conversation => ({
  id: 'c1',
  other: { id: 'bea', name: 'Bea', avatarUrl: null },
  lastMessage: m(3),
  unreadCount: 2,
  myLastReadSeq: 1,
  otherLastReadSeq: 0,
  canSend: true,
  cannotSendReason: null,
  createdAt: '2026-11-20T22:00:00Z',
  ...over,
});

describe('message cache updates', () => {
  it('adds a live message to the newest page once, in seq order, and reads the thread oldest first', () => {
    const data = pages([m(5), m(4)], [m(3), m(2), m(1)]);
    const added = addMessage(data, m(6));
    expect(threadMessages(added).map((x) => x.seq)).toEqual([1, 2, 3, 4, 5, 6]);
    expect(addMessage(added, m(6))).toBe(added);
    // Two sends racing can arrive out of order: seq decides.
    expect(addMessage(pages([m(7), m(5)]), m(6))!.pages[0]!.items.map((x) => x.seq)).toEqual([7, 6, 5]);
    expect(addMessage(undefined, m(1))).toBeUndefined();
  });

  it('updates a conversation with a new message: last message, my unread count, and my own read marker when I sent it', () => {
    const fromBea = withMessage(
      conv(),
      { conversationId: 'c1', message: m(4, 'bea'), unreadCount: 3 },
      'ana',
    );
    expect(fromBea).toMatchObject({ lastMessage: { seq: 4 }, unreadCount: 3, myLastReadSeq: 1 });
    const mine = withMessage(conv(), { conversationId: 'c1', message: m(4, 'ana'), unreadCount: 0 }, 'ana');
    expect(mine).toMatchObject({ unreadCount: 0, myLastReadSeq: 4 });
    // An older message arriving late does not replace the last one.
    expect(
      withMessage(conv(), { conversationId: 'c1', message: m(2, 'bea'), unreadCount: 9 }, 'ana'),
    ).toMatchObject({ lastMessage: { seq: 3 }, unreadCount: 2 });
    expect(withMessage(conv(), { conversationId: 'other', message: m(9), unreadCount: 9 }, 'ana')).toEqual(
      conv(),
    );
  });

  it('applies read receipts: the other person’s marker, or mine (clearing the count when everything is read)', () => {
    expect(withRead(conv(), { conversationId: 'c1', userId: 'bea', lastReadSeq: 3 }, 'ana')).toMatchObject({
      otherLastReadSeq: 3,
      unreadCount: 2,
    });
    expect(
      withRead(conv({ otherLastReadSeq: 5 }), { conversationId: 'c1', userId: 'bea', lastReadSeq: 3 }, 'ana')
        .otherLastReadSeq,
    ).toBe(5);
    expect(withRead(conv(), { conversationId: 'c1', userId: 'ana', lastReadSeq: 3 }, 'ana')).toMatchObject({
      myLastReadSeq: 3,
      unreadCount: 0,
    });
    expect(withRead(conv(), { conversationId: 'c1', userId: 'ana', lastReadSeq: 2 }, 'ana')).toMatchObject({
      myLastReadSeq: 2,
      unreadCount: 2,
    });
  });

  it('moves the conversation with new activity to the top of the list', () => {
    const list: ConversationPages = {
      pages: [
        { items: [conv({ id: 'a' }), conv({ id: 'b' })], nextCursor: 'x' },
        { items: [conv({ id: 'c' })], nextCursor: null },
      ],
      pageParams: [undefined, 'x'],
    };
    expect(moveToTop(list, 'c')!.pages.map((p) => p.items.map((c) => c.id))).toEqual([['c', 'a', 'b'], []]);
    expect(moveToTop(list, 'zz')).toBe(list);
  });
});
