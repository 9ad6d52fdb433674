// The device info, cut to the lengths the server accepts.
import type { PresenceDevice } from '@nocturna/shared';

export type PresenceUser = { email: string; name: string };

type NavigatorWithHints = Navigator & { userAgentData?: { platform?: string } };

export function describeDevice(
  user: PresenceUser,
  nav: Navigator = navigator,
  screenInfo: Pick<Screen, 'width' | 'height'> = screen,
): PresenceDevice {
  const platform = (nav as NavigatorWithHints).userAgentData?.platform || nav.platform || 'unknown';
  return {
    email: user.email.slice(0, 254),
    displayName: user.name.slice(0, 120),
    userAgent: nav.userAgent.slice(0, 500),
    platform: platform.slice(0, 100),
    language: (nav.language || 'es-ES').slice(0, 35),
    timezone: (Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC').slice(0, 64),
    screenResolution: `${Math.round(screenInfo.width)}x${Math.round(screenInfo.height)}`,
    onlineStatus: nav.onLine ? 'online' : 'offline',
  };
}
