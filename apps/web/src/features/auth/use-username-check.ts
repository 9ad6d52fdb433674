// The username check: after 500 ms without typing, idle / checking / available / taken /
// invalid, or 'error' when the check itself fails; `recheck` asks again right now (used on submit).
import { useCallback, useEffect, useState } from 'react';
import { USERNAME_PATTERN } from '@nocturna/shared/auth';
import { USERNAME_DEBOUNCE_MS, USERNAME_MIN_LENGTH } from '@nocturna/shared/constants';
import { checkUsername } from './api/check-username.ts';

export type UsernameStatus = 'idle' | 'checking' | 'available' | 'taken' | 'invalid' | 'error';
export type UsernameCheck = { status: UsernameStatus; reason?: 'tooShort' | 'pattern' };

const IDLE: UsernameCheck = { status: 'idle' };

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
  // The answer is kept with the name it is about: while the name changes, the check reads idle.
  const [answer, setAnswer] = useState<{ username: string; check: UsernameCheck }>({
    username: '',
    check: { status: 'idle' },
  });
  const check = answer.username === username ? answer.check : IDLE;

  useEffect(() => {
    if (!username) return;
    const controller = new AbortController();
    const timer = setTimeout(() => {
      if (!localCheck(username)) setAnswer({ username, check: { status: 'checking' } });
      resolveUsername(username, controller.signal).then(
        (result) => setAnswer({ username, check: result }),
        () => undefined,
      );
    }, USERNAME_DEBOUNCE_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [username]);

  const recheck = useCallback(async () => {
    setAnswer({ username, check: { status: 'checking' } });
    const result = await resolveUsername(username);
    setAnswer({ username, check: result });
    return result;
  }, [username]);

  return { ...check, recheck };
}
