import type { Snapshot } from '@nocturna/shared';
import { render, screen } from '@testing-library/react';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import i18n from '../../../i18n/index.ts';
import { ReactionBar } from './reaction-bar.tsx';

const snapshot = {
  id: 's1',
  author: { id: 'author', name: 'Lucía', username: null, avatarUrl: null },
  reactions: { fire: 2, heart: 0, laugh: 0, dance: 0, wow: 0 },
  mine: [],
} as unknown as Snapshot;

const fire = () => screen.getByTestId('reaction-fire');

describe('ReactionBar: why the buttons are off', () => {
  beforeAll(() => i18n.changeLanguage('en'));
  afterAll(() => i18n.changeLanguage('es'));

  it('tells the author it is their own photo, not to sign in', () => {
    render(<ReactionBar snapshot={snapshot} viewer="author" onToggle={() => undefined} />);
    expect(fire()).toHaveProperty('disabled', true);
    expect(fire().title).toBe("You can't react to your own photo");
  });
  it('asks a visitor to sign in', () => {
    render(<ReactionBar snapshot={snapshot} viewer="" onToggle={() => undefined} />);
    expect(fire()).toHaveProperty('disabled', true);
    expect(fire().title).toBe('Sign in to react');
  });
  it('lets anyone else react, naming the reaction', () => {
    render(<ReactionBar snapshot={snapshot} viewer="someone" onToggle={() => undefined} />);
    expect(fire()).toHaveProperty('disabled', false);
    expect(fire().title).toBe('fire');
  });
});
