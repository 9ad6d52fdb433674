// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { presenceDeviceSchema } from '@nocturna/shared/notifications';
import { describeDevice } from './device-info.ts';

const nav = (over: Partial<Navigator> & { userAgentData?: { platform?: string } }) =>
  ({
    userAgent: 'Mozilla/5.0 Test',
    platform: 'Linux x86_64',
    language: 'es-ES',
    onLine: true,
    ...over,
  }) as unknown as Navigator;

describe('presence device info', () => {
  it('carries every field the server asks for, screen as WxH, and passes the shared schema', () => {
    const device = describeDevice({ email: 'marta@example.com', name: 'Marta Noche' }, nav({}), {
      width: 390,
      height: 844,
    });
    expect(device).toMatchObject({
      email: 'marta@example.com',
      displayName: 'Marta Noche',
      userAgent: 'Mozilla/5.0 Test',
      platform: 'Linux x86_64',
      language: 'es-ES',
      screenResolution: '390x844',
      onlineStatus: 'online',
    });
    expect(device.timezone).toBe(Intl.DateTimeFormat().resolvedOptions().timeZone);
    expect(presenceDeviceSchema.safeParse(device).success).toBe(true);
  });

  it('reports offline when the browser is offline and prefers client hints for the platform', () => {
    const device = describeDevice(
      { email: 'a@b.es', name: 'A' },
      nav({ onLine: false, userAgentData: { platform: 'Android' } }),
      { width: 1280, height: 800 },
    );
    expect(device.onlineStatus).toBe('offline');
    expect(device.platform).toBe('Android');
  });

  it('cuts over-long values to what the schema accepts', () => {
    const device = describeDevice(
      { email: 'a@b.es', name: 'N'.repeat(300) },
      nav({ userAgent: 'U'.repeat(900) }),
      { width: 1280.4, height: 799.6 },
    );
    expect(device.displayName).toHaveLength(120);
    expect(device.userAgent).toHaveLength(500);
    expect(device.screenResolution).toBe('1280x800');
    expect(presenceDeviceSchema.safeParse(device).success).toBe(true);
  });
});
