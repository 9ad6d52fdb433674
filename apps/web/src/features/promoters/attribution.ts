// The promoter (RPP) a visitor came through: the `?rpp=` of the last promoter link they opened, or the promoter code
// they typed, kept in this browser for 7 days (last click wins). Sent with the purchase, which writes it on the
// ticket; a visitor who signs up first and buys later in the same browser is still attributed.
export const RPP_STORAGE_KEY = 'nocturna.rpp';
export const RPP_TTL_MS = 7 * 24 * 3600_000;
const CODE = /^[A-Za-z0-9_-]{3,40}$/;

type Kept = { code: string; at: number };

export function rememberPromoter(code: string, now = Date.now()): void {
  if (!CODE.test(code)) return;
  try {
    window.localStorage.setItem(RPP_STORAGE_KEY, JSON.stringify({ code: code.toUpperCase(), at: now }));
  } catch {
    // private mode: the link still works for this page's purchase through the URL
  }
}

export function currentPromoter(now = Date.now()): string | undefined {
  try {
    const raw = window.localStorage.getItem(RPP_STORAGE_KEY);
    if (!raw) return undefined;
    const kept = JSON.parse(raw) as Partial<Kept>;
    if (typeof kept.code !== 'string' || typeof kept.at !== 'number' || !CODE.test(kept.code))
      return undefined;
    if (now - kept.at > RPP_TTL_MS) {
      window.localStorage.removeItem(RPP_STORAGE_KEY);
      return undefined;
    }
    return kept.code;
  } catch {
    return undefined;
  }
}

// Called where a promoter link lands (the event page): keeps `?rpp=` when the address has one.
export function rememberPromoterFromUrl(search: string, now = Date.now()): void {
  const code = new URLSearchParams(search).get('rpp');
  if (code) rememberPromoter(code, now);
}
