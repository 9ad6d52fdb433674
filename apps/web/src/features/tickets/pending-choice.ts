// The ticket a signed-out person chose (type, quantity and the code that showed a hidden type), kept in the event
// page's own address while they sign in or sign up: it survives the sign-in modal, the reload that follows
// sign-up and the round trip to Google (whose return address is the page's address), and the page reopens the
// ticket sheet with it once they are signed in. Only this page's address holds it: nothing is stored.
import { MAX_TICKETS_PER_ORDER } from '@nocturna/shared/constants';

export const CHOICE_PARAMS = { type: 'entrada', quantity: 'cantidad', code: 'codigo' } as const;

export type PendingChoice = { typeId: string; quantity: number; code: string };

function setAddress(url: URL) {
  // React Router keeps its own entry key in history.state: kept as it is.
  window.history.replaceState(window.history.state, '', url.pathname + url.search + url.hash);
}

export function rememberChoice(choice: PendingChoice): void {
  const url = new URL(window.location.href);
  url.searchParams.set(CHOICE_PARAMS.type, choice.typeId);
  url.searchParams.set(CHOICE_PARAMS.quantity, String(choice.quantity));
  if (choice.code) url.searchParams.set(CHOICE_PARAMS.code, choice.code);
  else url.searchParams.delete(CHOICE_PARAMS.code);
  setAddress(url);
}

export function readChoice(search: string = window.location.search): PendingChoice | null {
  const params = new URLSearchParams(search);
  const typeId = params.get(CHOICE_PARAMS.type);
  const quantity = Number(params.get(CHOICE_PARAMS.quantity) ?? '1');
  if (!typeId || !Number.isInteger(quantity) || quantity < 1 || quantity > MAX_TICKETS_PER_ORDER) return null;
  const code = (params.get(CHOICE_PARAMS.code) ?? '').trim().toUpperCase();
  return { typeId, quantity, code: /^[A-Z0-9_-]{3,40}$/.test(code) ? code : '' };
}

export function forgetChoice(): void {
  const url = new URL(window.location.href);
  if (!Object.values(CHOICE_PARAMS).some((name) => url.searchParams.has(name))) return;
  for (const name of Object.values(CHOICE_PARAMS)) url.searchParams.delete(name);
  setAddress(url);
}
