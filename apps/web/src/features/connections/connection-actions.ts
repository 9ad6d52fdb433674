// What a person can do about someone else, from where the two stand: the buttons of a profile, a search
// result or a row of /conexiones all come from here.
import type { ConnectionState } from '@nocturna/shared';

export type ConnectionAction = 'request' | 'accept' | 'decline' | 'cancel' | 'remove' | 'block' | 'unblock';

export type ConnectionButtons = {
  // The main button (filled), if any.
  primary: ConnectionAction | null;
  // A quieter button beside it.
  secondary: ConnectionAction | null;
  // A label saying where things stand, when no main button says it.
  status: 'connected' | 'requested' | null;
};

export function buttonsFor(state: ConnectionState): ConnectionButtons {
  switch (state) {
    case 'none':
      return { primary: 'request', secondary: null, status: null };
    case 'incoming':
      return { primary: 'accept', secondary: 'decline', status: null };
    case 'outgoing':
      return { primary: null, secondary: 'cancel', status: 'requested' };
    case 'connected':
      return { primary: null, secondary: 'remove', status: 'connected' };
    case 'self':
      return { primary: null, secondary: null, status: null };
  }
}

// Actions that undo something the other person would miss ask first.
export const needsConfirmation = (action: ConnectionAction) => action === 'remove' || action === 'block';
