// The username check of spec §4/§5: after 500 ms without typing, idle / checking / available / taken /
// invalid, or 'error' when the check itself fails; `recheck` asks again right now (used on submit).
import { useCallback, useEffect, useRef, useState } from 'react';
import { USERNAME_DEBOUNCE_MS, USERNAME_MIN_LENGTH, USERNAME_PATTERN } from '@nocturna/shared';
import { checkUsername } from './api/check-username.ts';

export type UsernameStatus = 'idle' | 'checking' | 'available' | 'taken' | 'invalid' | 'error';
export type UsernameCheck = { status: UsernameStatus; reason?: 'tooShort' | 'pattern' };

function localCheck(username: string): UsernameCheck | null {
  if (username.length < USERNAME_MIN_LENGTH) return { status: 'invalid', reason: 'tooShort' };
  if (!USERNAME_PATTERN.test(username)) return { status: 'invalid', reason: 'pattern' };
  return null;
}

export async function resolveUsername(username: string, signal?: AbortSignal): Promise<UsernameCheck> {
  const local = localCheck(username);
  if (local) return local;
  try {
    const answer = await checkUsername(username, signal);
    if (answer.available) return { status: 'available' };
    return answer.reason === 'taken' ? { status: 'taken' } : { status: 'invalid', reason: 'pattern' };
  } catch (error) {
    if (signal?.aborted) throw error;
    console.warn('Username check failed', error);
    return { status: 'error' };
  }
}

export function useUsernameCheck(raw: string) {
  const username = raw.trim();
  const [check, setCheck] = useState<UsernameCheck>({ status: 'idle' });
  const latest = useRef(username);
  latest.current = username;

  useEffect(() => {
    if (!username) {
      setCheck({ status: 'idle' });
      return;
    }
    setCheck({ status: 'idle' });
    const controller = new AbortController();
    const timer = setTimeout(() => {
      if (!localCheck(username)) setCheck({ status: 'checking' });
      resolveUsername(username, controller.signal).then(setCheck, () => undefined);
    }, USERNAME_DEBOUNCE_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [username]);

  const recheck = useCallback(async () => {
    setCheck({ status: 'checking' });
    const result = await resolveUsername(latest.current);
    setCheck(result);
    return result;
  }, []);

  return { ...check, recheck };
}
