// Back online: send what waited, then take a fresh pack.
import { useEffect, useRef } from 'react';

export function useBackOnline(online: boolean, sync: () => Promise<void>, refreshPack: () => Promise<void>) {
  const wasOnline = useRef(online);
  useEffect(() => {
    const cameBack = online && !wasOnline.current;
    wasOnline.current = online;
    if (cameBack) void sync().then(refreshPack);
  }, [online, sync, refreshPack]);
}
