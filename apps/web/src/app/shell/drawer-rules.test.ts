import { describe, expect, it } from 'vitest';
import { drawerReducer, initialDrawerState, type DrawerAction } from './drawer-rules.ts';

const run = (...actions: DrawerAction[]) => actions.reduce(drawerReducer, initialDrawerState);

describe('mobile drawer rules', () => {
  it('starts closed', () => expect(initialDrawerState.open).toBe(false));
  it('opens and closes with the toggle', () => {
    expect(run({ type: 'toggle' }).open).toBe(true);
    expect(run({ type: 'toggle' }, { type: 'toggle' }).open).toBe(false);
  });
  it.each(['overlay', 'escape', 'route', 'link'] as const)('closes on %s', (reason) => {
    expect(run({ type: 'toggle' }, { type: 'close', reason }).open).toBe(false);
  });
  it('is forced closed when the viewport crosses the breakpoint either way', () => {
    expect(run({ type: 'toggle' }, { type: 'viewport', isMobile: true }).open).toBe(false);
    expect(run({ type: 'toggle' }, { type: 'viewport', isMobile: false }).open).toBe(false);
  });
  it('keeps the same state object when closing a closed drawer (no re-render)', () => {
    expect(drawerReducer(initialDrawerState, { type: 'close', reason: 'route' })).toBe(initialDrawerState);
  });
});
