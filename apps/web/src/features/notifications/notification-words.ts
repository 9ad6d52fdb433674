// A notification's title and body in the page's language: its catalogue message worded with its data (dates in
// Madrid time, euros, roles and reasons from the catalogue), or an old row's own text as it was stored.
import type { TFunction } from 'i18next';
import type { Notification } from '@nocturna/shared';
import { notificationValues } from '@nocturna/shared/notification-messages';
import { formatLongDay, formatPrice, formatTime, type Locale } from '../../lib/catalogue-format.ts';

export function notificationWords(
  item: Pick<Notification, 'message' | 'data' | 'title' | 'body'>,
  t: TFunction,
  locale: Locale,
): { title: string; body: string } {
  if (!item.message) return { title: item.title, body: item.body };
  const values = notificationValues(item.data, {
    dayTime: (v) =>
      t('notifications:dayTime', {
        day: formatLongDay(String(v), locale),
        time: formatTime(String(v), locale),
      }),
    day: (v) => formatLongDay(String(v), locale),
    time: (v) => formatTime(String(v), locale),
    money: (v) => formatPrice(Number(v), locale),
    label: (list, code) => t(`notifications:${list}.${code}`, { defaultValue: '' }),
  });
  const key = `notifications:messages.${item.message}`;
  return {
    title: t(`${key}.title`, values).trim(),
    body: t(`${key}.body`, values).trim(),
  };
}
