// Mounted once in the shell: on sign-in it registers the device; a heartbeat every
// 30 s, when the tab's visibility changes and when the browser comes back online; offline when the
// browser goes offline, when the page goes away and on unmount or sign-out.
import { useEffect, useLayoutEffect, useRef } from 'react';
import { PRESENCE_HEARTBEAT_MS } from '@nocturna/shared/constants';
import { useSession } from '../auth/api/use-session.ts';
import { beaconOffline, registerPresence, sendHeartbeat, sendOffline } from './api/presence-calls.ts';
import { describeDevice } from './device-info.ts';
import { forgetPresence, markReportedOnline, reportedOnline } from './presence-session.ts';

export function PresenceReporter() {
  const { user } = useSession();
  const userId = user?.id ?? null;
  const email = user?.email ?? '';
  const name = user?.name ?? '';
  // The user on screen now, read by the cleanup: if it is gone the session already ended, and the server
  // would answer 401 to an offline report.
  const current = useRef<string | null>(userId);
  useLayoutEffect(() => {
    current.current = userId;
  });

  useEffect(() => {
    if (!userId) return;
    const device = () => describeDevice({ email, name });
    const initial = device();
    markReportedOnline(userId, initial);
    void registerPresence(initial);

    const beat = () => {
      const info = device();
      markReportedOnline(userId, info);
      void sendHeartbeat(info);
    };
    const goneOffline = () => void sendOffline(device());
    const pageHide = () => beaconOffline(device());
    const pageShow = (event: PageTransitionEvent) => {
      if (event.persisted) beat(); // back from the back/forward cache after a pagehide beacon
    };
    const timer = window.setInterval(beat, PRESENCE_HEARTBEAT_MS);
    document.addEventListener('visibilitychange', beat);
    window.addEventListener('online', beat);
    window.addEventListener('offline', goneOffline);
    window.addEventListener('pagehide', pageHide);
    window.addEventListener('pageshow', pageShow);
    return () => {
      window.clearInterval(timer);
      document.removeEventListener('visibilitychange', beat);
      window.removeEventListener('online', beat);
      window.removeEventListener('offline', goneOffline);
      window.removeEventListener('pagehide', pageHide);
      window.removeEventListener('pageshow', pageShow);
      // Unmounted while still signed in: say so. After sign-out the shell has already reported offline.
      const stillSignedIn = current.current === userId;
      const last = reportedOnline(userId);
      if (stillSignedIn && last) void sendOffline(last);
      forgetPresence();
    };
  }, [userId, email, name]);

  return null;
}
