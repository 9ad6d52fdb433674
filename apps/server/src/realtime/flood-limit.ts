// Per-socket token bucket for client events: a burst is allowed, a steady flood is dropped, and a client
// that keeps flooding after being told is disconnected.
export const FLOOD_LIMIT = { ratePerSecond: 10, burst: 20, dropsBeforeDisconnect: 100 } as const;

export type FloodDecision = 'allow' | 'drop' | 'disconnect';

export function floodLimiter(
  limit: { ratePerSecond: number; burst: number; dropsBeforeDisconnect: number } = FLOOD_LIMIT,
  // Monotonic: the bucket refills with elapsed time, not with the calendar.
  now = () => performance.now(),
) {
  let tokens = limit.burst;
  let last = now();
  let drops = 0;
  return {
    take(): FloodDecision {
      const t = now();
      tokens = Math.min(limit.burst, tokens + ((t - last) / 1000) * limit.ratePerSecond);
      last = t;
      if (tokens >= 1) {
        tokens -= 1;
        return 'allow';
      }
      drops += 1;
      return drops >= limit.dropsBeforeDisconnect ? 'disconnect' : 'drop';
    },
    get drops() {
      return drops;
    },
  };
}
