// How each change (a socket event or one of this tab's own actions) rewrites the cached pages of the list,
// so the page on screen follows without refetching. Pure functions over TanStack Query's infinite data.
import type { InfiniteData } from '@tanstack/react-query';
import type { Notification } from '@nocturna/shared';
import type { NotificationPage } from './api/get-notifications.ts';

export type NotificationPages = InfiniteData<NotificationPage, string | undefined>;

const mapItems = (
  data: NotificationPages,
  fn: (items: Notification[]) => Notification[],
): NotificationPages => ({
  ...data,
  pages: data.pages.map((page) => ({ ...page, items: fn(page.items) })),
});

// A new one goes on top of the first page, once (the tab that caused it may also hear the event).
export function addNotification(
  data: NotificationPages | undefined,
  item: Notification,
): NotificationPages | undefined {
  if (!data || data.pages.length === 0) return data;
  if (data.pages.some((page) => page.items.some((n) => n.id === item.id))) return data;
  const [first, ...rest] = data.pages;
  return { ...data, pages: [{ ...first!, items: [item, ...first!.items] }, ...rest] };
}

export const setRead = (
  data: NotificationPages | undefined,
  id: string,
  isRead: boolean,
): NotificationPages | undefined =>
  data && mapItems(data, (items) => items.map((n) => (n.id === id ? { ...n, isRead } : n)));

export const setAllRead = (data: NotificationPages | undefined): NotificationPages | undefined =>
  data && mapItems(data, (items) => items.map((n) => (n.isRead ? n : { ...n, isRead: true })));

export const removeNotification = (
  data: NotificationPages | undefined,
  id: string,
): NotificationPages | undefined => data && mapItems(data, (items) => items.filter((n) => n.id !== id));

export const flatten = (data: InfiniteData<NotificationPage, unknown> | undefined): Notification[] =>
  data?.pages.flatMap((page) => page.items) ?? [];
