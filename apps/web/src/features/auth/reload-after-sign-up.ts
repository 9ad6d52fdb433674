// Sign-up signs the person in, then reloads the page a moment later (after its toast). In that moment a page that
// would react to the new session (the ticket sheet a visitor chose before signing up) waits for the reload instead
// of opening twice.
let pending = false;

export function reloadAfterSignUp(delayMs: number): void {
  pending = true;
  setTimeout(() => window.location.reload(), delayMs);
}

export const reloadAfterSignUpPending = (): boolean => pending;
