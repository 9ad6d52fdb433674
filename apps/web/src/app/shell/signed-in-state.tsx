// What the shell shows only to someone signed in: the roles they hold (their dashboards in the nav), the unread
// counts and whether the door is theirs. A visitor's shell asks for none of it: the hooks run in a component
// drawn only once there is a user, which hands what they read to the shell. (Run in the shell itself, they were
// five idle queries in a visitor's first hydration on a phone, which counts in total blocking time.)
import { useEffect } from 'react';
import type { Role } from '@nocturna/shared/constants';
import { useMyRoles } from '../../features/auth/index.ts';
import { useShowDoorLink } from '../../features/door/index.ts';
import { useLiveMessagesUnread } from '../../features/messages/index.ts';
import { useWhatsNewUnread } from '../../features/whats-new/index.ts';
import { useUnreadCount } from './use-unread-count.ts';

export type SignedInState = {
  userId: string | null;
  roles: readonly Role[];
  unread: number;
  messagesUnread: number;
  whatsNewUnread: number;
  showDoor: boolean;
};

const NO_ROLES: readonly Role[] = [];

export const SIGNED_OUT: SignedInState = {
  userId: null,
  roles: NO_ROLES,
  unread: 0,
  messagesUnread: 0,
  whatsNewUnread: 0,
  showDoor: false,
};

const same = (a: SignedInState, b: SignedInState) =>
  (Object.keys(a) as (keyof SignedInState)[]).every((key) => a[key] === b[key]);

// Reports to the shell through `onChange` (a state setter): the same object while nothing changed.
export function SignedInStateReader({
  userId,
  onChange,
}: {
  userId: string;
  onChange: (update: (previous: SignedInState) => SignedInState) => void;
}) {
  const roles = useMyRoles().data ?? NO_ROLES;
  const unread = useUnreadCount(userId);
  const messagesUnread = useLiveMessagesUnread(userId);
  const whatsNewUnread = useWhatsNewUnread(userId);
  const showDoor = useShowDoorLink(true);
  useEffect(() => {
    const next = { userId, roles, unread, messagesUnread, whatsNewUnread, showDoor };
    onChange((previous) => (same(previous, next) ? previous : next));
  }, [onChange, userId, roles, unread, messagesUnread, whatsNewUnread, showDoor]);
  return null;
}
