// The mobile drawer's rules as a reducer, so they can be tested without a browser:
// closed by default; the toggle flips it; the overlay, Escape and every route change close it; and it is
// forced closed whenever the viewport crosses the 1024 px breakpoint.
export type DrawerState = { open: boolean };
export type DrawerAction =
  | { type: 'toggle' }
  | { type: 'close'; reason: 'overlay' | 'escape' | 'route' | 'link' }
  | { type: 'viewport'; isMobile: boolean };

export const initialDrawerState: DrawerState = { open: false };

export function drawerReducer(state: DrawerState, action: DrawerAction): DrawerState {
  switch (action.type) {
    case 'toggle':
      return { open: !state.open };
    case 'close':
      return state.open ? { open: false } : state;
    case 'viewport':
      return state.open ? { open: false } : state;
  }
}
