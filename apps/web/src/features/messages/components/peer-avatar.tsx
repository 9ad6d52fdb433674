// A person's photo, or their initials on a neon disc when there is none (or it fails to load).
import { useState } from 'react';
import type { MessagePeer } from '@nocturna/shared';

const initials = (name: string) =>
  name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((part) => [...part][0]!.toUpperCase())
    .join('') || '?';

export function PeerAvatar({ peer, size = 'md' }: { peer: MessagePeer; size?: 'sm' | 'md' }) {
  const [broken, setBroken] = useState(false);
  const box = size === 'sm' ? 'size-9 text-xs' : 'size-12 text-sm';
  if (peer.avatarUrl && !broken) {
    return (
      <img
        src={peer.avatarUrl}
        alt=""
        onError={() => setBroken(true)}
        className={`${box} shrink-0 rounded-full object-cover ring-1 ring-white/10`}
      />
    );
  }
  return (
    <span
      aria-hidden="true"
      className={`${box} grid shrink-0 place-items-center rounded-full bg-gradient-to-br from-neon-600 to-flame-500 font-bold text-white ring-1 ring-white/10`}
    >
      {initials(peer.name)}
    </span>
  );
}
