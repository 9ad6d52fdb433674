// The connection buttons, rows' links and live updates, as people's pages use them.
export { ConnectionButtons } from './components/connection-buttons.tsx';
export { conversationPath } from './components/connection-row.tsx';
export { useConnectionsLive } from './use-connections-live.ts';
