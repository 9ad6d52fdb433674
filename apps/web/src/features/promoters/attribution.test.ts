import { beforeEach, describe, expect, it } from 'vitest';
import { RPP_TTL_MS, currentPromoter, rememberPromoter, rememberPromoterFromUrl } from './attribution.ts';

describe('promoter attribution in the browser', () => {
  beforeEach(() => window.localStorage.clear());

  it('keeps the last promoter link clicked', () => {
    rememberPromoterFromUrl('?rpp=raquel', 1000);
    rememberPromoterFromUrl('?rpp=PABLO', 2000);
    expect(currentPromoter(3000)).toBe('PABLO');
  });

  it('forgets it after 7 days', () => {
    rememberPromoter('RAQUEL', 0);
    expect(currentPromoter(RPP_TTL_MS)).toBe('RAQUEL');
    expect(currentPromoter(RPP_TTL_MS + 1)).toBeUndefined();
    expect(window.localStorage.getItem('nocturna.rpp')).toBeNull();
  });

  it('ignores addresses without a code and codes that are not codes', () => {
    rememberPromoter('RAQUEL', 0);
    rememberPromoterFromUrl('?lang=en', 10);
    rememberPromoterFromUrl('?rpp=<script>', 20);
    expect(currentPromoter(30)).toBe('RAQUEL');
  });
});
